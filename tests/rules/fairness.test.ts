import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameMode } from '../../protocol/constants.ts';
import type { GameProof } from '../../protocol/fairness.ts';
import { verifyProof } from '../../rules/verify.ts';
import { chooser } from './blotPlay.ts';
import { randomGameProof } from './fairnessGames.ts';

/**
 * Issue 18: a proof of any whole game verifies, and a proof with any one thing changed (the server seed,
 * either client seed, one input, the result) fails, naming the step where it stops holding.
 */
const modes: GameMode[] = ['rps', 'backgammon', 'blot', 'carrom'];
const GAMES = 200;
const copy = (proof: GameProof): GameProof => structuredClone(proof);
const otherHex = (hex: string) => (hex.length === 0 ? randomBytes(8).toString('hex') : `${hex[0] === 'a' ? 'b' : 'a'}${hex.slice(1)}`);

/** Another value for a move, of its mode's shape: refused by the rules, or a different state. */
function otherMove(mode: GameMode, move: unknown): unknown {
  const m = move as Record<string, unknown>;
  switch (mode) {
    case 'rps':
      return { choice: m.choice === 'rock' ? 'paper' : 'rock' };
    case 'backgammon':
      return { moves: Array.isArray(m.moves) && m.moves.length > 0 ? [] : [{ currentPoint: 1, targetPoint: 2, diceUsed: 1 }] };
    case 'carrom':
      return { ...m, angle: (m.angle as number) + 0.05 };
    case 'blot':
      return { type: 'make-move', card: { _id: 'nope', value: '7', suit: 'hearts' } };
  }
}

for (const mode of modes) {
  describe(`provably fair ${mode}`, () => {
    const proofs = Array.from({ length: GAMES }, (_, n) => randomGameProof(mode, n + 1));

    it(`${GAMES} random whole games: every proof verifies, step by step`, () => {
      for (const proof of proofs) {
        const verdict = verifyProof(proof);
        if (!verdict.ok) throw new Error(`${proof.gameId}: ${JSON.stringify(verdict)}`);
        expect(verdict.steps).toHaveLength(proof.inputs.length);
      }
      // Timeouts, leaves and the natural ends all occur across the games.
      expect(new Set(proofs.flatMap((p) => p.inputs.map((i) => i.action)))).toEqual(new Set(['create', 'move', 'timeout', 'leave']));
    });

    it('a changed server seed or hash fails at the commitment (step 0)', () => {
      for (const proof of proofs.slice(0, 20)) {
        const seed = copy(proof);
        seed.serverSeed = otherHex(seed.serverSeed);
        expect(verifyProof(seed)).toMatchObject({ ok: false, step: 0, code: 'server-seed', expected: proof.seedHash });
        const hash = copy(proof);
        hash.seedHash = otherHex(hash.seedHash);
        expect(verifyProof(hash)).toMatchObject({ ok: false, step: 0 });
      }
    });

    it('a changed client seed, of either player, fails at the creation (step 1)', () => {
      for (const proof of proofs.slice(0, 20)) {
        for (const seat of [0, 1] as const) {
          const changed = copy(proof);
          changed.clientSeeds[seat] = otherHex(changed.clientSeeds[seat]);
          expect(verifyProof(changed)).toMatchObject({ ok: false, step: 1 });
        }
      }
    });

    it('one changed input fails at that input', () => {
      let checked = 0;
      for (const [n, proof] of proofs.slice(0, 40).entries()) {
        const moves = proof.inputs.flatMap((input, index) => (input.action === 'move' && index > 0 ? [index] : []));
        if (moves.length === 0) continue;
        const index = moves[chooser(n + 7)(moves.length)] as number;
        const changed = copy(proof);
        const input = changed.inputs[index];
        if (!input) continue;
        input.move = otherMove(mode, input.move);
        expect(verifyProof(changed), `${proof.gameId} input ${index + 1}`).toMatchObject({ ok: false, step: index + 1 });
        checked += 1;
      }
      expect(checked).toBeGreaterThan(10);
    });

    it('a changed result fails after the last input', () => {
      for (const proof of proofs.slice(0, 20)) {
        const changed = copy(proof);
        [changed.result.winnerId, changed.result.loserId] = [changed.result.loserId, changed.result.winnerId];
        expect(verifyProof(changed)).toMatchObject({ ok: false, step: proof.inputs.length + 1 });
      }
    });

    it('a result with anything added fails after the last input, even a key parsing would drop', () => {
      const proof = proofs[0]!;
      const text = JSON.stringify(proof);
      for (const extra of ['"__proto__":{"x":1},', '"bonus":1,']) {
        const added = JSON.parse(text.replace('"result":{', `"result":{${extra}`)) as unknown;
        expect(verifyProof(added)).toMatchObject({ ok: false, step: proof.inputs.length + 1 });
        const pointsAdded = JSON.parse(text.replace('"points":{', `"points":{${extra}`)) as unknown;
        expect(verifyProof(pointsAdded)).toMatchObject({ ok: false, step: proof.inputs.length + 1 });
      }
    });
  });
}

describe('the first draw in time', () => {
  it('may come after the pairing (the wait for the client seeds), never before it', () => {
    const proof = randomGameProof('blot', 78);
    const paired = Date.parse(proof.created);
    expect(verifyProof({ ...proof, created: new Date(paired - 2500).toISOString() })).toMatchObject({ ok: true });
    expect(verifyProof({ ...proof, created: new Date(paired + 1).toISOString() })).toMatchObject({
      ok: false,
      step: 1,
      code: 'created-early',
      reason: 'The game was created before it was paired',
    });
  });
});

describe("held to what the checker knows", () => {
  it('fails at step 0 when the proof is of another game, of someone else, or carries another hash than the one shown', () => {
    const proof = randomGameProof('rps', 77);
    const [me] = proof.players;
    expect(verifyProof(proof, { gameId: proof.gameId, playerId: me, seedHash: proof.seedHash })).toMatchObject({ ok: true });
    expect(verifyProof(proof, { gameId: 'another' })).toMatchObject({ ok: false, step: 0, code: 'other-game', reason: 'This proof is of another game' });
    expect(verifyProof(proof, { playerId: 'someone-else' })).toMatchObject({ ok: false, step: 0, code: 'not-your-game', reason: 'This proof is of a game you did not play' });
    // A proof remade after the game, with a new seed and its new hash, holds together but not to the hash shown.
    expect(verifyProof(proof, { seedHash: 'ab'.repeat(32) })).toMatchObject({ ok: false, step: 0, code: 'seed-hash', expected: 'ab'.repeat(32), got: proof.seedHash });
  });
});

describe('verifying never throws', () => {
  it('answers ok: false for any JSON at all', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const verdict = verifyProof(value);
        expect(verdict.ok).toBe(false);
      }),
    );
  });

  it('answers, without throwing, for a real proof with any part replaced by any JSON', () => {
    const proof = randomGameProof('backgammon', 9001);
    const paths: (string | number)[][] = [['gameId'], ['players', 0], ['created'], ['inputs', 1, 'move'], ['inputs', 2], ['inputs', 1, 'at'], ['result', 'points'], ['clientSeeds'], ['inputs']];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.jsonValue(), (path, value) => {
        const changed = structuredClone(proof) as unknown as Record<string | number, unknown>;
        let target = changed;
        for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
        target[path.at(-1) as string | number] = value;
        const verdict = verifyProof(changed);
        expect(typeof verdict.ok).toBe('boolean');
      }),
    );
  });
});
