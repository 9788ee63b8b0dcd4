import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameText } from '../../protocol/game.ts';
import { integrityText } from '../../protocol/integrity.ts';
import { HttpError } from '../../server/http/errors.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { startSearch } from '../../server/matchmaking/queue.ts';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { balanceOf, fundedPlayer, pairedRps, startGame, started, type Player } from './gameHarness.ts';

/**
 * A queue's turns (server/matchmaking/turns.ts, migration 0013): the joins of one queue that arrive
 * while its turn is in flight are the next turn, checked, paid and paired in one transaction.
 */

/** A join's answer as the player sees it: the start-game answer, or the error's status and text. */
type Seen = { status: string; balance: number } | { statusCode: number; message: string };

for (const kind of databaseKinds) {
  describe(`queue turns [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await t.close();
    });

    const cancel = (player: Player) => t.app.inject({ method: 'POST', url: '/api/cancel-search', headers: { cookie: player.cookie } });
    const inList = (ids: string[]) => sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `);
    const escrowMicro = async () =>
      BigInt((await rows<{ sum: string }>(t.database, sql`SELECT coalesce(sum(balance_micro), 0)::text AS sum FROM accounts WHERE kind = 'escrow'`))[0]?.sum ?? '0');
    const waitingAmong = async (ids: string[]) =>
      (await rows<{ n: number }>(t.database, sql`SELECT count(*)::int AS n FROM searches WHERE user_id IN (${inList(ids)})`))[0]?.n;
    /** The running games of these players: each game's players in seat order. */
    const gamesAmong = async (ids: string[]) =>
      (
        await rows<{ players: string[] }>(
          t.database,
          sql`SELECT array_agg(gp.user_id::text ORDER BY gp.seat) AS players FROM game_players gp
              WHERE gp.game_id IN (SELECT game_id FROM game_players WHERE active AND user_id IN (${inList(ids)}))
              GROUP BY gp.game_id`,
        )
      ).map((r) => r.players);

    /** Joins made in one tick, straight to the app's matchmaking: the first is a turn alone, all the others the next turn. */
    const oneTick = (joins: { userId: string; mode?: 'rps'; bet: number }[]): Promise<Seen[]> =>
      Promise.all(
        joins.map((join) =>
          startSearch(t.app.services, join.userId, { mode: join.mode ?? 'rps', betUsdt: join.bet, socketId: 'test' }).then(
            (answer): Seen => answer,
            (error: unknown): Seen => {
              if (error instanceof HttpError) return { statusCode: error.statusCode, message: error.message };
              throw error;
            },
          ),
        ),
      );

    it('pairs a burst of 40 joins to one queue exactly once, with every bet in escrow', async () => {
      const players = await Promise.all(Array.from({ length: 40 }, () => fundedPlayer(t, 10)));
      const ids = players.map((p) => p.id);
      const escrowBefore = await escrowMicro();
      const answers = await Promise.all(players.map((p) => startGame(t.app, p, { gameMode: 'rps', betAmount: 1, socketId: 'test' })));
      expect(answers.map((r) => r.statusCode)).toEqual(players.map(() => 200));
      expect(answers.map((r) => r.json().balance)).toEqual(players.map(() => 9));
      // Joins that arrived during a turn pair with each other: both are told 'started'; one that
      // waited was told 'searching' and found by a later one.
      expect(answers.filter((r) => r.json().status === 'started').length).toBeGreaterThanOrEqual(20);
      const games = await gamesAmong(ids);
      expect(games).toHaveLength(20);
      expect(games.flat().sort()).toEqual([...ids].sort());
      expect(await waitingAmong(ids)).toBe(0);
      expect((await escrowMicro()) - escrowBefore).toBe(40n * 1_000_000n);
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
    });

    it('takes the joins that arrive during a turn as the next turn, in arrival order', async () => {
      const players = await Promise.all(Array.from({ length: 10 }, () => fundedPlayer(t, 10)));
      const answers = await oneTick(players.map((p) => ({ userId: p.id, bet: 1 })));
      // The first join is a turn of its own and waits; the nine that came meanwhile are the next turn:
      // the first of them takes the one waiting, the other eight pair in arrival order.
      expect(answers).toEqual([{ status: 'searching', balance: 9 }, ...players.slice(1).map(() => ({ status: 'started', balance: 9 }))]);
      const [p0, p1, p2, p3, p4, p5, p6, p7, p8, p9] = players.map((p) => p.id);
      expect((await gamesAmong(players.map((p) => p.id))).sort()).toEqual(
        [
          [p0, p1],
          [p2, p3],
          [p4, p5],
          [p6, p7],
          [p8, p9],
        ].sort(),
      );
    });

    it('leaves the odd one of a turn waiting, for the next join to find', async () => {
      const players = await Promise.all(Array.from({ length: 4 }, () => fundedPlayer(t, 10)));
      const answers = await oneTick(players.map((p) => ({ userId: p.id, bet: 0 })));
      // One alone, then three: the first takes the one waiting, the next two pair, none is left.
      expect(answers.map((a) => ('status' in a ? a.status : a.statusCode))).toEqual(['searching', 'started', 'started', 'started']);
      const [a, b, c] = await Promise.all(Array.from({ length: 3 }, () => fundedPlayer(t, 10)));
      const next = await oneTick([a!, b!, c!].map((p) => ({ userId: p.id, bet: 0 })));
      expect(next.map((x) => ('status' in x ? x.status : x.statusCode))).toEqual(['searching', 'started', 'searching']);
      // c waits; the next join, in a turn of its own, finds them.
      const d = await fundedPlayer(t, 10);
      expect(await started(t.app, d, 'rps', 0)).toEqual({ status: 'started', balance: 10 });
      expect(await gamesAmong([c!.id])).toEqual([[c!.id, d.id]]);
    });

    /**
     * Every refusal a join can meet, inside one turn among joins that go through: each refused player
     * gets their own answer and keeps their money; the others pair.
     */
    async function refusalsAmongPairings(join: (joins: { player: Player | null; bet: number }[]) => Promise<Seen[]>, bet: 3 | 5, sameTurn: boolean) {
      const ok = await Promise.all(Array.from({ length: 4 }, () => fundedPlayer(t, 10)));
      const [frozen, lowScore, poor, playing, other, searching] = await Promise.all([10, 10, 2, 10, 10, 10].map((usdt) => fundedPlayer(t, usdt)));
      const gated = [...ok, frozen!, poor!, playing!, other!, searching!].map((p) => p.id);
      await t.database.db.execute(sql`UPDATE users SET score = 1000 WHERE id IN (${inList(gated)})`);
      await t.database.db.execute(sql`UPDATE users SET frozen_at = now() WHERE id = ${frozen!.id}::uuid`);
      await pairedRps(t.app, playing!, other!, 0);
      await started(t.app, searching!, 'rps', 1);

      const [ok0, ok1, ok2, ok3] = ok as [Player, Player, Player, Player];
      const answers = await join([
        // A turn of its own when the joins come in one tick; the rest are the next turn.
        { player: null, bet },
        { player: ok0, bet },
        { player: frozen!, bet },
        { player: ok1, bet },
        { player: lowScore!, bet },
        { player: ok2, bet },
        { player: ok2, bet },
        { player: poor!, bet },
        { player: playing!, bet },
        { player: searching!, bet },
        { player: ok3, bet },
      ]);
      const startedAt = { status: 'started', balance: 10 - bet };
      const expected: (Seen | null)[] = [
        { statusCode: 401, message: 'Not signed in' },
        sameTurn ? startedAt : null,
        { statusCode: 403, message: integrityText.frozen },
        sameTurn ? startedAt : null,
        { statusCode: 400, message: gameText.requiresScore },
        sameTurn ? startedAt : null,
        // ok2's second join in the same turn: the first one stands and made them a player.
        sameTurn ? { statusCode: 409, message: gameText.alreadyPlaying } : null,
        { statusCode: 400, message: gameText.insufficientBalance },
        { statusCode: 409, message: gameText.alreadyPlaying },
        { statusCode: 409, message: gameText.alreadySearching },
        sameTurn ? startedAt : null,
      ];
      expected.forEach((seen, i) => {
        if (seen) expect(answers[i], `join ${i}`).toEqual(seen);
      });
      // Requests through HTTP reach the queue in no set order. Of ok2's two joins, whichever came first
      // stands and the other is told ok2 is already searching or playing.
      const ok2Stood = [answers[5], answers[6]].find((a) => a && 'status' in a);
      const ok2Refused = ok2Stood === answers[5] ? answers[6] : answers[5];
      expect([{ statusCode: 409, message: gameText.alreadyPlaying }, { statusCode: 409, message: gameText.alreadySearching }]).toContainEqual(ok2Refused);
      // Whoever of the four came first may have waited for a partner; every game told at least its
      // second player 'started', and each of the four paid once.
      const okAnswers = [answers[1], answers[3], ok2Stood, answers[10]];
      for (const answer of okAnswers) expect([{ ...startedAt, status: 'searching' }, startedAt]).toContainEqual(answer);
      expect(okAnswers.filter((a) => a && 'status' in a && a.status === 'started').length).toBeGreaterThanOrEqual(2);
      // Whatever the turns were, the four who could pay are in two games of this queue, once each.
      const games = await gamesAmong(ok.map((p) => p.id));
      expect(games).toHaveLength(2);
      expect(games.flat().sort()).toEqual(ok.map((p) => p.id).sort());
      if (sameTurn) expect(games.sort()).toEqual([[ok0.id, ok1.id], [ok2.id, ok3.id]].sort());
      for (const p of ok) expect(await balanceOf(t.app, p)).toBe(10 - bet);
      // The refused keep what they had, and nothing of theirs was taken into the queue.
      expect(await balanceOf(t.app, frozen!)).toBe(10);
      expect(await balanceOf(t.app, lowScore!)).toBe(10);
      expect(await balanceOf(t.app, poor!)).toBe(2);
      expect(await balanceOf(t.app, playing!)).toBe(10);
      expect(await balanceOf(t.app, searching!)).toBe(9);
      expect(await waitingAmong([frozen!, lowScore!, poor!, playing!].map((p) => p.id))).toBe(0);
      expect((await cancel(searching!)).json()).toEqual({ balance: 10 });
    }

    it('refuses each player of a turn who may not join with their own answer, and pairs the others', async () => {
      await refusalsAmongPairings((joins) => oneTick(joins.map(({ player, bet }) => ({ userId: player?.id ?? randomUUID(), bet }))), 3, true);
    });

    it('does the same for a burst through the HTTP API', async () => {
      await refusalsAmongPairings(
        (joins) =>
          Promise.all(
            joins.map(async ({ player, bet }) => {
              if (!player) return { statusCode: 401, message: 'Not signed in' };
              const res = await startGame(t.app, player, { gameMode: 'rps', betAmount: bet, socketId: 'test' });
              return res.statusCode === 200 ? (res.json() as Seen) : { statusCode: res.statusCode, message: res.json().message as string };
            }),
          ),
        5,
        false,
      );
    });

    it('lets exactly one of cancel and pairing win when a cancel races a turn', async () => {
      for (let round = 0; round < 6; round += 1) {
        const [waiting, own, ...joiners] = await Promise.all(Array.from({ length: 6 }, () => fundedPlayer(t, 1)));
        expect(await started(t.app, waiting!, 'rps', 1)).toEqual({ status: 'searching', balance: 0 });
        // The waiting player cancels while four join; another joins and cancels at once.
        const [cancelWaiting, ownJoin, cancelOwn] = await Promise.all([
          cancel(waiting!),
          startGame(t.app, own!, { gameMode: 'rps', betAmount: 1, socketId: 'test' }),
          cancel(own!),
          ...joiners.map((p) => startGame(t.app, p, { gameMode: 'rps', betAmount: 1, socketId: 'test' })),
        ]);
        expect(ownJoin!.statusCode).toBe(200);
        const everyone = [waiting!, own!, ...joiners];
        const inGame = new Set((await gamesAmong(everyone.map((p) => p.id))).flat());
        // The waiting player: either cancel won (bet back, no game) or the pairing did (409, in a game).
        if (cancelWaiting!.statusCode === 200) {
          expect(cancelWaiting!.json()).toEqual({ balance: 1 });
          expect(inGame.has(waiting!.id)).toBe(false);
        } else {
          expect([cancelWaiting!.statusCode, cancelWaiting!.json().message]).toEqual([409, gameText.noSearch]);
          expect(inGame.has(waiting!.id)).toBe(true);
        }
        // The one who joined and canceled at once: the cancel found their search, or it came first
        // (nothing to cancel) and the join stands.
        if (cancelOwn!.statusCode === 200) {
          expect(cancelOwn!.json()).toEqual({ balance: 1 });
          expect(inGame.has(own!.id)).toBe(false);
        } else {
          expect(cancelOwn!.statusCode).toBe(409);
        }
        // Nobody who had a partner is left waiting, and every balance says where its dollar is.
        const stillWaiting = await waitingAmong(everyone.map((p) => p.id));
        expect(stillWaiting).toBeLessThanOrEqual(1);
        for (const p of everyone) {
          const balance = await balanceOf(t.app, p);
          const waitingNow = (await waitingAmong([p.id])) === 1;
          expect(balance, p.id).toBe(inGame.has(p.id) || waitingNow ? 0 : 1);
        }
        for (const p of everyone) if ((await waitingAmong([p.id])) === 1) expect((await cancel(p)).statusCode).toBe(200);
      }
    });
  });
}
