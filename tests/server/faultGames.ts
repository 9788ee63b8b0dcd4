import type pg from 'pg';
import { expect } from 'vitest';
import type { GameUpdate } from '../../protocol/game.ts';
import type { RpsChoice, RpsGameView } from '../../protocol/rps.ts';
import { balanceOf, call, ok, signUp, until, type NodeProcess, type Player } from './faultKit.ts';

/**
 * The RPS games and database checks of the fault tests (faults.test.ts, faults-redis.test.ts): players
 * funded through the devchain's deposit path, paired, moving over real HTTP; what the database must hold
 * after a fault.
 */

export type RpsUpdate = GameUpdate<RpsGameView>;

export async function query<Row extends pg.QueryResultRow>(client: pg.Client, text: string, params: unknown[] = []): Promise<Row[]> {
  return (await client.query<Row>(text, params)).rows;
}

/** USDT on a player's balance through the devchain's deposit path (the node's wallet worker credits it). */
export async function fund(base: string, player: Player, usdt: number): Promise<void> {
  const { walletAddress } = await ok<{ walletAddress: string }>(base, player.cookie, 'GET', '/wallet/wallet-address');
  await ok(base, null, 'POST', '/dev/deposit', { address: walletAddress, amount: usdt, currency: 'USDT' });
  await until(async () => ((await balanceOf(base, player)) === usdt ? true : undefined), 20_000, `deposit of ${player.username}`, 100);
}

export async function currentRps(base: string, player: Player): Promise<RpsGameView> {
  const answer = await ok<RpsUpdate>(base, player.cookie, 'GET', '/current-game');
  return answer.game;
}

/** Pairs two players in the RPS queue for `bet` (each through its own node) and returns the game id. */
export async function pairRps(first: [string, Player], second: [string, Player], bet: number): Promise<string> {
  expect(await ok(first[0], first[1].cookie, 'POST', '/start-game', { gameMode: 'rps', betAmount: bet })).toMatchObject({ status: 'searching' });
  expect(await ok(second[0], second[1].cookie, 'POST', '/start-game', { gameMode: 'rps', betAmount: bet })).toMatchObject({ status: 'started' });
  return (await currentRps(first[0], first[1]))._id;
}

export function rpsMove(base: string, player: Player, gameId: string, choice: RpsChoice, round: number) {
  return call<RpsUpdate>(base, player.cookie, 'POST', '/rps-move', { gameId, choice, round });
}

/** Waits for round `round` to open for choices (the 2.4 s reveal of the last one is ended by a sweeper). */
export async function roundOpen(base: string, player: Player, round: number): Promise<RpsGameView> {
  return until(
    async () => {
      const game = await currentRps(base, player);
      return game.currentRound === round && game.phase === 'choose' ? game : undefined;
    },
    20_000,
    `round ${round} open`,
    100,
  );
}

/** Plays on until the game ends, `winner` always rock and `loser` always scissors; returns the final view. */
export async function playOut(base: string, winner: Player, loser: Player, gameId: string, timeoutMs = 40_000): Promise<RpsGameView> {
  return until(
    async () => {
      const game = await currentRps(base, winner);
      expect(game._id).toBe(gameId);
      if (game.status !== 'in-progress') return game;
      if (game.phase === 'choose') await rpsMove(base, winner, gameId, 'rock', game.currentRound);
      if (game.phases[loser.id] === 'choose') await rpsMove(base, loser, gameId, 'scissors', game.currentRound);
      return undefined;
    },
    timeoutMs,
    'game over',
    100,
  );
}

/** How many transfers of each kind carry this reference (a game or a withdrawal id). */
export async function transferKinds(client: pg.Client, ref: string): Promise<Record<string, number>> {
  const rows = await query<{ kind: string; n: number }>(client, 'SELECT kind, count(*)::int AS n FROM transfers WHERE ref = $1 GROUP BY kind', [ref]);
  return Object.fromEntries(rows.map((row) => [row.kind, row.n]));
}

/** The game's log versions are 1, 2, 3, …: every transition was applied exactly once. */
export async function expectContiguousLog(client: pg.Client, gameId: string): Promise<number> {
  const versions = (await query<{ version: number }>(client, 'SELECT version FROM game_log WHERE game_id = $1 ORDER BY seq', [gameId])).map((r) => r.version);
  expect(versions).toEqual(versions.map((_, i) => (versions[0] ?? 0) + i));
  return versions.at(-1) ?? 0;
}

/** What a process wrote besides its JSON log lines (a crash's stack), for a failure message. */
export const crashOf = (node: NodeProcess) => `${node.name} died:\n${node.output().split('\n').filter((line) => !line.startsWith('{')).slice(-30).join('\n')}`;

/**
 * A game's end, cut off by a fault while in flight, left whole or not at all (settle_game is one
 * statement, and a statement that reached the database commits when it finishes, whether or not its
 * node lives to hear the answer): 'untouched' when nothing of it was written (the game at `before`, no
 * payout, no records, no rating), 'settled' when all of it was, once (Ann's win at `before` + 1).
 */
export async function settledWholeOrNot(client: pg.Client, gameId: string, before: number, ann: Player, bob: Player): Promise<'untouched' | 'settled'> {
  const [row] = await query<{ status: string; version: number; settlement: unknown }>(client, 'SELECT status, version, settlement FROM games WHERE id = $1', [gameId]);
  const records = await query<{ n: number }>(
    client,
    'SELECT (SELECT count(*) FROM score_history WHERE game_id = $1) + (SELECT count(*) FROM played_games WHERE game_id = $1) AS n',
    [gameId],
  );
  const scores = (await query<{ score: number }>(client, 'SELECT score FROM users WHERE id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], id)', [[ann.id, bob.id]])).map((r) => r.score);
  const kinds = await transferKinds(client, gameId);
  if (row?.status === 'in-progress') {
    expect({ version: row.version, settlement: row.settlement, records: Number(records[0]?.n), scores, kinds }).toEqual({ version: before, settlement: null, records: 0, scores: [900, 900], kinds: {} });
    return 'untouched';
  }
  expect({ status: row?.status, version: row?.version, records: Number(records[0]?.n), scores, kinds }).toEqual({
    status: 'completed',
    version: before + 1,
    records: 4,
    scores: [916, 884],
    kinds: { payout: 1, rake: 1 },
  });
  return 'settled';
}

/** Every transition after version `v` was the sweeper's (a turn ran out), none a player's move. */
export async function expectOnlyTimeoutsAfter(client: pg.Client, gameId: string, v: number): Promise<void> {
  const actors = await query<{ actor: string }>(client, 'SELECT DISTINCT actor FROM game_log WHERE game_id = $1 AND version > $2', [gameId, v]);
  expect(actors).toEqual([{ actor: 'timeout' }]);
}

/**
 * Ann and Bob (5 USDT each) in a $1 RPS match on `base`: Ann has won two rounds and chosen rock in the
 * third, so Bob's scissors is the final move. Returns the version before it.
 */
export async function oneMoveFromTheEnd(base: string) {
  const ann = await signUp(base, 'ann');
  const bob = await signUp(base, 'bob');
  await Promise.all([fund(base, ann, 5), fund(base, bob, 5)]);
  const gameId = await pairRps([base, ann], [base, bob], 1);
  for (const round of [1, 2]) {
    await roundOpen(base, ann, round);
    expect((await rpsMove(base, ann, gameId, 'rock', round)).status).toBe(200);
    expect((await rpsMove(base, bob, gameId, 'scissors', round)).status).toBe(200);
  }
  await roundOpen(base, ann, 3);
  const annChose = await rpsMove(base, ann, gameId, 'rock', 3);
  expect(annChose.status).toBe(200);
  return { ann, bob, gameId, before: annChose.body.game.v as number };
}
