import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transitionWriter } from '../../server/games/transitionWriter.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { sql } from 'drizzle-orm';
import { loadGame, stateDigest, writeFreeTransitionsOf, writeTransitions, type TransitionWrite } from '../../server/games/store.ts';
import { databaseKinds, rows, startTestApp, type TestApp } from './harness.ts';
import { currentGame, fundedPlayer, nextRound, pairedRps, rpsMove, type Player } from './gameHarness.ts';

/**
 * Issue 38: the moves a node receives together are written together (server/games/transitionWriter.ts),
 * one statement for all of them. Each must still be answered as if it had been written alone: taken only
 * at the version it was computed on, only while its player's session is open, and answered only once
 * written.
 */
for (const kind of databaseKinds) {
  describe(`moves written together [${kind}]`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startTestApp(kind);
    });
    afterAll(async () => {
      expect(await checkLedger(t.database.db)).toEqual({ ok: true, problems: [] });
      await t.close();
    });

    /** A game played through round 1 on this node (its players' sessions and the game known here), round 2 open. */
    async function inRoundTwo(): Promise<{ a: Player; b: Player; gameId: string }> {
      const [a, b] = await Promise.all([fundedPlayer(t, 10), fundedPlayer(t, 10)]);
      const gameId = await pairedRps(t.app, a, b, 1);
      expect((await rpsMove(t.app, a, gameId, 'rock')).statusCode).toBe(200);
      expect((await rpsMove(t.app, b, gameId, 'scissors')).statusCode).toBe(200);
      return { a, b, gameId };
    }

    // Logged out on another node whose word has not reached this one (Redis away): this node still knows
    // the session, so the move goes to the write, whose own session check must refuse it.
    const loggedOutElsewhere = (player: Player) => rows(t.database, sql`DELETE FROM sessions WHERE user_id = ${player.id}::uuid`);

    it('moves of several games arriving together go as one statement; a logged-out player among them gets 401 and writes nothing', async () => {
      const games = [];
      for (let i = 0; i < 4; i += 1) games.push(await inRoundTwo());
      await nextRound(t);
      const [gone, ...playing] = games as [(typeof games)[number], ...typeof games];
      await loggedOutElsewhere(gone.a);

      const before = { ...transitionWriter(t.app.services).counts };
      const answers = await Promise.all(games.map(({ a, gameId }) => rpsMove(t.app, a, gameId, 'rock')));
      const after = transitionWriter(t.app.services).counts;

      expect(answers.map((answer) => answer.statusCode)).toEqual([401, 200, 200, 200]);
      for (const answer of answers.slice(1)) expect(answer.json().game.currentRound).toBe(2);
      // Four moves, three of them taken: fewer statements than writes.
      expect(after.writes - before.writes).toBeGreaterThanOrEqual(4);
      expect(after.statements - before.statements).toBeLessThan(after.writes - before.writes);

      // What the answers said is what the games hold: b's choice resolves the round where a's was taken.
      for (const { b, gameId } of playing) {
        const answer = await rpsMove(t.app, b, gameId, 'scissors');
        expect(answer.json().game.phase).toBe('round-completed');
      }
      const untouched = await rpsMove(t.app, gone.b, gone.gameId, 'scissors');
      expect(untouched.json().game.phase).not.toBe('round-completed');
    });

    it('two moves of one game arriving together: one is played, the other refused as made on an old version, and the game holds one', async () => {
      const { a, b, gameId } = await inRoundTwo();
      await nextRound(t);
      const v = (await currentGame(t.app, a)).game.v as number;
      const answers = await Promise.all([rpsMove(t.app, a, gameId, 'rock', v), rpsMove(t.app, b, gameId, 'paper', v)]);
      const codes = answers.map((answer) => answer.statusCode);
      expect([...codes].sort()).toEqual([200, 409]);
      const game = (await currentGame(t.app, a)).game;
      expect(game.v).toBe(v + 1);
      // Only the move that was played is in: a waits for b if a's was, and has still to choose if b's was.
      expect(game.phase).toBe(codes[0] === 200 ? 'waiting-for-opponent' : 'choose');
    });

    it.skipIf(kind !== 'postgres')('a game another transaction holds does not hold the others written with it: its move waits for that lock alone', async () => {
      const games = [];
      for (let i = 0; i < 3; i += 1) games.push(await inRoundTwo());
      await nextRound(t);
      const [held, ...free] = games as [(typeof games)[number], ...typeof games];
      // A transaction holds the first game's row (as a settlement or a leave would) until told to end.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const holding = t.database.rawTransaction(async (raw) => {
        await raw.query('SELECT id FROM games WHERE id = $1 FOR UPDATE', [held.gameId]);
        locked();
        await released;
      });
      await lockTaken;

      const busyBefore = transitionWriter(t.app.services).counts.busy;
      let heldAnswered = false;
      const heldMove = rpsMove(t.app, held.a, held.gameId, 'rock').then((answer) => {
        heldAnswered = true;
        return answer;
      });
      const freeMoves = await Promise.all(free.map(({ a, gameId }) => rpsMove(t.app, a, gameId, 'rock')));
      expect(freeMoves.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(heldAnswered).toBe(false);
      // It went in the same statement as the others, which left it to be sent again alone.
      expect(transitionWriter(t.app.services).counts.busy - busyBefore).toBe(1);

      release();
      await holding;
      const answer = await heldMove;
      expect(answer.statusCode).toBe(200);
      expect(answer.json().game.currentRound).toBe(2);
      const untouchedBefore = await rpsMove(t.app, held.b, held.gameId, 'scissors');
      expect(untouchedBefore.json().game.phase).toBe('round-completed');
    });

    it('a batch writes each state exactly as given, and logs the digest of that state', async () => {
      const games: { gameId: string }[] = [];
      for (let i = 0; i < 3; i += 1) games.push(await inRoundTwo());
      // States of every kind of JSON text: keys out of order, quotes, escapes, non-ASCII, numbers, nulls.
      const states: unknown[] = [
        { z: 1, a: { y: 'say "hi"\n', b: [3, null, { d: true, c: -0.5 }] }, 'ключ': 'Ծ✓' },
        { list: Array.from({ length: 400 }, (_, i) => ({ turn: i, moves: [i % 24, (i * 7) % 24], who: `p${i % 2}` })) },
        { empty: {}, none: [], text: 'caf\u00e9 tab\t \\ slash' },
      ];
      const writesOf = async (offset: number) =>
        Promise.all(
          games.map(async ({ gameId }, i): Promise<TransitionWrite> => {
            const loaded = await loadGame(t.database.db, gameId);
            if (!loaded) throw new Error('no game');
            const state = states[(i + offset) % states.length];
            return { next: { ...loaded.row, state, version: loaded.row.version + 1 }, readVersion: loaded.row.version, log: { at: Date.now(), actor: 'server', action: 'timeout' } };
          }),
        );
      const check = async (offset: number) => {
        for (const [i, { gameId }] of games.entries()) {
          const state = states[(i + offset) % states.length];
          const [stored] = await rows<{ state: unknown; state_hash: string }>(
            t.database,
            sql`SELECT g.state, l.state_hash FROM games g JOIN game_log l ON l.game_id = g.id WHERE g.id = ${gameId}::uuid ORDER BY l.seq DESC LIMIT 1`,
          );
          expect(stored?.state).toEqual(state);
          expect(stored?.state_hash).toBe(stateDigest(state));
        }
      };
      const free = await writeFreeTransitionsOf(t.database.db, await writesOf(0));
      expect([...free.written].sort()).toEqual(games.map((g) => g.gameId).sort());
      await check(0);
      // The sweeper's batch, in a transaction holding the rows.
      const swept = await writesOf(1);
      const written = await t.database.db.transaction(async (tx) => writeTransitions(tx, swept));
      expect(written.size).toBe(games.length);
      await check(1);
    });

    it('moves of many games at once are all played, each answered with its own game', async () => {
      const games = [];
      for (let i = 0; i < 6; i += 1) games.push(await inRoundTwo());
      await nextRound(t);
      const answers = await Promise.all(games.flatMap(({ a, b, gameId }) => [rpsMove(t.app, a, gameId, 'rock'), rpsMove(t.app, b, gameId, 'scissors')]));
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      for (const { a, gameId } of games) {
        const game = (await currentGame(t.app, a)).game;
        expect(game._id).toBe(gameId);
        expect(game.phase).toBe('round-completed');
        expect(game.wins[a.id]).toBe(2);
      }
    });
  });
}
