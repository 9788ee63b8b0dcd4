import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { microToUsdt } from '../../protocol/money.ts';
import { refreshChainBalances } from '../../server/admin/chainBalances.ts';
import { loadConfig } from '../../server/config.ts';
import { takeSnapshot } from '../../server/treasury/reconcile.ts';
import { Devchain } from '../../server/wallet/devchain.ts';
import { expireSearches } from '../../server/matchmaking/queue.ts';
import { applyIncoming, depositAddressOf, pollDeposits } from '../../server/wallet/deposits.ts';
import { processWithdrawals } from '../../server/wallet/withdrawals.ts';
import { sweepGameTimeouts, timeoutKeptGame } from '../../server/games/timeouts.ts';
import { currentGame, fundedPlayer, pairedRps, rpsMove, started, type Player } from './gameHarness.ts';
import { addressOf, databaseKinds, listening, rows, startTestApp, uniqueName, type TestApp } from './harness.ts';
import { connectClient, gameUpdates } from './socketClients.ts';
import { parse, valueOf } from './metricsKit.ts';

/**
 * The metrics a real server exports, scraped from its own port after real games, deposits, withdrawals
 * and sign-ins: every counter moved by exactly what happened (read once before, once after).
 */

const VALID_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const BLOCK_MS = 40;

describe('metrics configuration', () => {
  it('has no metrics server when METRICS_PORT is unset (or empty), and binds to loopback by default', async () => {
    expect(loadConfig({}).metrics.port).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '' }).metrics.port).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toMatchObject({ port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ NODE_NAME: 'a-1' }).metrics.node).toBe('a-1');
    expect(() => loadConfig({ METRICS_PORT: 'x' })).toThrow(/METRICS_PORT/);
    const t = await startTestApp(databaseKinds[0]!);
    try {
      expect(t.app.metricsServer()).toBeNull();
    } finally {
      await t.close();
    }
  });
});

for (const kind of databaseKinds) {
  describe(`metrics of a real server [${kind}]`, () => {
    let t: TestApp;
    let port = 0;
    beforeAll(async () => {
      t = await startTestApp(kind, {
        METRICS_PORT: '0',
        NODE_NAME: 'metrics-node',
        AUTH_RATE_LIMIT_MAX: '2',
        DEVCHAIN_BLOCK_MS: String(BLOCK_MS),
        DEPOSIT_CONFIRMATIONS: '5',
        WITHDRAWAL_REVIEW_USDT: '1000',
      });
      const server = t.app.metricsServer();
      if (!server) throw new Error('no metrics server');
      expect(server.address().host).toBe('127.0.0.1');
      port = server.address().port;
    });
    const open: Socket[] = [];
    afterAll(async () => {
      for (const socket of open) socket.close();
      await t.close();
    });

    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      return parse(await res.text());
    };
    const move = (player: Player, gameId: string, choice: string, v?: number) => rpsMove(t.app, player, gameId, choice, v);
    const login = (username: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress: addressOf(username) });

    /** An RPS game played to its end through the API, `a` beating `b`; the accepted moves it took. */
    async function playRps(a: Player, b: Player): Promise<{ gameId: string; moves: number }> {
      expect((await started(t.app, a, 'rps', 1)).status).toBe('searching');
      expect((await started(t.app, b, 'rps', 1)).status).toBe('started');
      const gameId = (await currentGame(t.app, a)).game._id as string;
      let moves = 0;
      for (let round = 0; round < 5; round += 1) {
        expect((await move(a, gameId, 'rock')).statusCode).toBe(200);
        const last = await move(b, gameId, 'scissors');
        expect(last.statusCode).toBe(200);
        moves += 2;
        if (last.json().game.status !== 'in-progress') return { gameId, moves };
        await sweepGameTimeouts(t.app.services, Date.now() + 2500);
      }
      throw new Error('the game did not end');
    }

    it('counts games, moves, searches, money and sign-ins by exactly what happened', async () => {
      const before = await scrape();

      // Sign-ins: four good ones (fundedPlayer signs up and in), two wrong passwords, then the limit.
      const [a, b, c, d] = await Promise.all([fundedPlayer(t, 50), fundedPlayer(t, 50), fundedPlayer(t, 50), fundedPlayer(t, 50)]);
      const victim = uniqueName('victim');
      for (const expected of [401, 401, 429]) expect((await login(victim, 'wrong-password')).statusCode).toBe(expected);

      // A search alone in its queue is a searcher; the second join pairs them.
      expect((await started(t.app, a, 'rps', 1)).status).toBe('searching');
      const searching = await scrape();
      expect(valueOf(searching, 'duel_searchers', { mode: 'rps', bet: '1' })).toBe(1);
      expect((await started(t.app, b, 'rps', 1)).status).toBe('started');
      const firstId = (await currentGame(t.app, a)).game._id as string;
      const running = await scrape();
      expect(valueOf(running, 'duel_games_running', { mode: 'rps' })).toBe(1);
      expect(valueOf(running, 'duel_searchers', { mode: 'rps', bet: '1' })).toBe(0);

      // A stale move (an old version) is refused with 409 and counted so.
      expect((await move(a, firstId, 'rock', 999)).statusCode).toBe(409);
      let accepted = 0;
      for (let round = 0; round < 5; round += 1) {
        expect((await move(a, firstId, 'rock')).statusCode).toBe(200);
        const last = await move(b, firstId, 'scissors');
        expect(last.statusCode).toBe(200);
        accepted += 2;
        if (last.json().game.status !== 'in-progress') break;
        await sweepGameTimeouts(t.app.services, Date.now() + 2500);
      }
      accepted += (await playRps(c, d)).moves;

      // An illegal backgammon move (the rules' 422), then the game left.
      expect((await started(t.app, a, 'backgammon', 1)).status).toBe('searching');
      expect((await started(t.app, b, 'backgammon', 1)).status).toBe('started');
      const board = (await currentGame(t.app, a)).game as { _id: string; turn: string };
      const mover = board.turn === a.id ? a : b;
      const illegal = await t.app.inject({
        method: 'POST',
        url: '/api/move-backgammon-checker',
        headers: { cookie: mover.cookie },
        payload: { gameId: board._id, moves: [{ currentPoint: 1, targetPoint: 24, diceUsed: 1 }] },
      });
      expect(illegal.statusCode, illegal.body).toBe(422);
      expect((await t.app.inject({ method: 'POST', url: '/api/leave-backgammon-game', headers: { cookie: a.cookie }, payload: { gameId: board._id } })).statusCode).toBe(200);

      // A search nobody takes, past its time.
      expect((await started(t.app, c, 'rps', 0)).status).toBe('searching');
      expect(await expireSearches(t.app.services, Date.now() + t.config.games.searchTimeoutMs + 1000)).toBe(1);

      // A deposit seen before it is final is pending (and has an age), then credited.
      const address = await depositAddressOf(t.database.db, t.app.services.wallet.gateway, d.id);
      const sighting = { txId: `metrics-${d.id}`, eventIndex: 0, to: address, currency: 'USDT' as const, amountRaw: 7_000_000n, confirmations: 1, final: false };
      await applyIncoming(t.app.services, [sighting], t.app.services.wallet.rules);
      await new Promise((r) => setTimeout(r, 20));
      const pending = await scrape();
      expect(valueOf(pending, 'duel_deposit_oldest_pending_seconds')).toBeGreaterThan(0);
      await applyIncoming(t.app.services, [{ ...sighting, confirmations: 100, final: true }], t.app.services.wallet.rules);

      // A withdrawal: open (pending) until the chain has it, then completed.
      await t.app.inject({ method: 'POST', url: '/api/wallet/save-address', headers: { cookie: d.cookie }, payload: { savedAddress: VALID_ADDRESS } });
      const withdrawal = await t.app.inject({ method: 'POST', url: '/api/withdraw', headers: { cookie: d.cookie }, payload: { userId: d.id, amount: 12.5 } });
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
      const open = await scrape();
      expect(valueOf(open, 'duel_withdrawals_open', { state: 'pending' })).toBe(1);
      expect(valueOf(open, 'duel_withdrawal_oldest_open_seconds')).toBeGreaterThan(0);
      for (let i = 0; i < 100; i += 1) {
        await processWithdrawals(t.app.services, t.app.services.wallet.gateway);
        const [row] = await rows<{ status: string }>(t.database, sql`select status from withdrawals where user_id = ${d.id}`);
        if (row?.status === 'completed') break;
        await new Promise((r) => setTimeout(r, BLOCK_MS));
      }

      const after = await scrape();
      const delta = (name: string, labels: Record<string, string> = {}) => valueOf(after, name, labels) - valueOf(before, name, labels);

      expect(delta('duel_moves_total', { mode: 'rps', outcome: 'accepted' })).toBe(accepted);
      expect(delta('duel_moves_total', { mode: 'rps', outcome: 'stale' })).toBe(1);
      expect(delta('duel_moves_total', { mode: 'backgammon', outcome: 'illegal' })).toBe(1);
      expect(delta('duel_moves_total')).toBe(accepted + 2);
      expect(delta('duel_move_duration_seconds_count', { mode: 'rps' })).toBe(accepted);
      expect(delta('duel_http_request_duration_seconds_count', { method: 'POST', route: '/api/rps-move', status: '200' })).toBe(accepted);
      expect(delta('duel_http_request_duration_seconds_count', { method: 'POST', route: '/api/move-backgammon-checker', status: '422' })).toBe(1);
      // The route's pattern, never a URL with an id in it.
      expect(after.some((s) => s.name.startsWith('duel_http_') && /[0-9a-f]{8}-[0-9a-f]{4}/.test(s.labels.route ?? ''))).toBe(false);

      // What ended, and every timeout applied, as the database has them.
      const ended = await rows<{ mode: string; reason: string; n: number }>(
        t.database,
        // A game won by play has no end reason: its label is its status.
        sql`select game_mode as mode, coalesce(end_reason, status) as reason, count(*)::int as n from games where status <> 'in-progress' group by 1, 2`,
      );
      expect(ended.length).toBeGreaterThan(1);
      for (const { mode, reason, n } of ended) expect(delta('duel_games_ended_total', { mode, reason })).toBe(n);
      expect(delta('duel_games_ended_total')).toBe(3);
      const [timeouts] = await rows<{ n: number }>(t.database, sql`select count(*)::int as n from game_log where action = 'timeout'`);
      expect(timeouts!.n).toBeGreaterThan(0);
      expect(delta('duel_game_timeouts_total', { mode: 'rps' })).toBe(timeouts!.n);
      expect(valueOf(after, 'duel_games_running', { mode: 'rps' })).toBe(0);

      // Three pairings, each with both players' waits (both began on this node); one search timed out.
      expect(delta('duel_search_wait_seconds_count')).toBe(6);
      expect(delta('duel_search_timeouts_total', { mode: 'rps' })).toBe(1);

      // Four players funded, and the deposit above: seen once each (the second sighting is not new), credited once.
      expect(delta('duel_deposits_seen_total', { currency: 'USDT' })).toBe(5);
      expect(delta('duel_deposits_credited_total', { currency: 'USDT' })).toBe(5);
      expect(valueOf(after, 'duel_deposit_oldest_pending_seconds')).toBe(0);
      expect(delta('duel_withdrawals_finished_total', { state: 'completed' })).toBe(1);
      expect(valueOf(after, 'duel_withdrawals_open', { state: 'pending' })).toBe(0);
      expect(valueOf(after, 'duel_withdrawal_oldest_open_seconds')).toBe(0);
      // The claim read the hot wallet's balance from the chain and kept it: exported, with its age.
      expect(after.some((s) => s.name === 'duel_hot_wallet_usdt')).toBe(true);
      expect(valueOf(after, 'duel_hot_wallet_age_seconds')).toBeGreaterThanOrEqual(0);

      expect(delta('duel_sign_ins_total', { kind: 'password', result: 'ok' })).toBe(4);
      expect(delta('duel_sign_ins_total', { kind: 'password', result: 'refused' })).toBe(2);
      expect(delta('duel_sign_ins_total', { kind: 'password', result: 'limited' })).toBe(1);
      expect(delta('duel_limiter_refusals_total', { rule: 'login:account' })).toBe(1);

      // The process's own figures, and the pool on node-postgres.
      expect(valueOf(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(after.some((s) => s.name === 'nodejs_heap_size_used_bytes')).toBe(true);
      expect(after.some((s) => s.name === 'duel_db_pool_in_use')).toBe(kind === 'postgres');
      expect(valueOf(after, 'duel_socket_connections')).toBe(0);
      expect(valueOf(after, 'duel_metrics_collect_failures_total')).toBe(0);

      // Every sample says which node it is from.
      expect(after.length).toBeGreaterThan(50);
      for (const sample of after) expect(sample.labels.node, sample.name).toBe('metrics-node');
    });

    it("counts socket events, the deadlines' lag, the deposit cursor's lag, and exports the hot wallet and the treasury", async () => {
      const { services } = t.app;
      const base = await listening(t);
      const [a, b] = await Promise.all([fundedPlayer(t, 20), fundedPlayer(t, 20)]);
      const before = await scrape();

      // Events in: a known one, a chat line (relayed to nobody: no game), a name nobody listens to.
      const client = await connectClient(base, a.cookie, open);
      expect(await client.socket.emitWithAck('authenticate', { userId: a.id })).toMatchObject({ ok: true });
      client.socket.emit('rps-message', { message: 'hi', gameId: '00000000-0000-0000-0000-000000000000' });
      client.socket.emit('made-up-event', {});

      // A game: round 1's reveal ended by the sweeper 1.5 s after its deadline, round 2's by the deadline
      // timer's call 0.25 s after it, round 3 ends the game (a wins every round).
      const gameId = await pairedRps(t.app, a, b, 1);
      const deadline = async () => {
        const [row] = await rows<{ deadline: Date | string; version: number }>(t.database, sql`select deadline_at as deadline, version from games where id = ${gameId}`);
        return { at: new Date(row!.deadline).getTime(), version: row!.version };
      };
      const round = async () => {
        expect((await move(a, gameId, 'rock')).statusCode).toBe(200);
        return move(b, gameId, 'scissors');
      };
      const lagBefore = await scrape();
      await round();
      const first = await deadline();
      expect(await sweepGameTimeouts(services, first.at + 1500)).toBe(1);
      await round();
      const second = await deadline();
      expect(await timeoutKeptGame(services, gameId, second.version, second.at + 250)).toBe(true);
      const lagAfter = await scrape();
      const lag = (name: string, by: string) => valueOf(lagAfter, name, { by }) - valueOf(lagBefore, name, { by });
      expect(lag('duel_sweeper_lag_seconds_count', 'sweeper')).toBe(1);
      expect(lag('duel_sweeper_lag_seconds_sum', 'sweeper')).toBeCloseTo(1.5, 6);
      expect(lag('duel_sweeper_lag_seconds_count', 'timer')).toBe(1);
      expect(lag('duel_sweeper_lag_seconds_sum', 'timer')).toBeCloseTo(0.25, 6);
      // 1.5 s is in the 2.5 s bucket, not the 1 s one.
      const bucket = (le: string) =>
        valueOf(lagAfter, 'duel_sweeper_lag_seconds_bucket', { by: 'sweeper', le }) - valueOf(lagBefore, 'duel_sweeper_lag_seconds_bucket', { by: 'sweeper', le });
      expect([bucket('1'), bucket('2.5')]).toEqual([0, 1]);
      expect((await round()).json().game.status).not.toBe('in-progress');

      // Every update is emitted to both players' rooms: twice what a's client received.
      await expect.poll(() => gameUpdates(client.events).some((u) => u.game._id === gameId && u.game.status !== 'in-progress')).toBe(true);
      const received = (name: string) => client.events.filter(([event, payload]) => event === name && (payload as { game: { _id: string } }).game._id === gameId).length;
      const after = await scrape();
      const delta = (name: string, labels: Record<string, string>) => valueOf(after, name, labels) - valueOf(before, name, labels);
      expect(received('gameStarted')).toBe(1);
      expect(delta('duel_socket_events_sent_total', { event: 'gameStarted' })).toBe(2);
      expect(received('game-update')).toBeGreaterThan(5);
      expect(delta('duel_socket_events_sent_total', { event: 'game-update' })).toBe(2 * received('game-update'));
      expect(delta('duel_socket_events_sent_total', { event: 'authenticated' })).toBe(1);
      expect(delta('duel_socket_events_received_total', { event: 'authenticate' })).toBe(1);
      expect(delta('duel_socket_events_received_total', { event: 'rps-message' })).toBe(1);
      expect(delta('duel_socket_events_received_total', { event: '(other)' })).toBe(1);
      expect(after.some((s) => s.name === 'duel_socket_events_received_total' && s.labels.event === 'made-up-event')).toBe(false);

      // A deposit poll: the stored cursor against the devchain's head as the poll saw it (20 blocks back).
      const chain = services.wallet.gateway;
      if (!(chain instanceof Devchain)) throw new Error('expected the devchain');
      // Below block 20 the cursor is block 0 (the look-back reaches the start); a fast run may be there yet.
      await expect.poll(() => chain.height(), { timeout: 5_000 }).toBeGreaterThan(25);
      const headBefore = await chain.height();
      await pollDeposits(services, chain, services.wallet.rules);
      const headAfter = await chain.height();
      const [cursor] = await rows<{ value: string }>(t.database, sql`select value from chain_state where name = 'deposit_cursor'`);
      const cursorLag = valueOf(await scrape(), 'duel_deposit_cursor_lag_blocks');
      expect(cursorLag).toBe(20);
      expect(Number(cursor!.value) + cursorLag).toBeGreaterThanOrEqual(headBefore);
      expect(Number(cursor!.value) + cursorLag).toBeLessThanOrEqual(headAfter);

      // The hot wallet as the balance round just read it, and the treasury's snapshot of today.
      await refreshChainBalances(services);
      const hot = await chain.balances(chain.hotWalletAddress());
      await takeSnapshot(services, new Date().toISOString().slice(0, 10));
      const [snapshot] = await rows<{ owes: string; holds: string }>(t.database, sql`select owes_micro::text as owes, holds_micro::text as holds from treasury_snapshots order by day desc limit 1`);
      const money = await scrape();
      expect(valueOf(money, 'duel_hot_wallet_usdt')).toBe(microToUsdt(hot.usdtMicro));
      expect(valueOf(money, 'duel_hot_wallet_trx')).toBe(Number(hot.trxSun) / 1_000_000);
      expect(valueOf(money, 'duel_hot_wallet_age_seconds')).toBeLessThan(5);
      expect(Number(snapshot!.owes)).toBeGreaterThan(0);
      expect(valueOf(money, 'duel_treasury_coverage_ratio')).toBeCloseTo(Number(snapshot!.holds) / Number(snapshot!.owes), 9);
      expect(valueOf(money, 'duel_treasury_snapshot_age_seconds')).toBeLessThan(5);
    });

    it('answers only GET /metrics', async () => {
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(405);
    });
  });
}
