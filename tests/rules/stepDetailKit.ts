import type { GameMode } from '../../protocol/constants.ts';
import type { GameProof, ProofInput, VerifiedStep } from '../../protocol/fairness.ts';
import { gameSeedOf } from '../../rules/random.ts';
import { rulesOfMode } from '../../rules/registry.ts';
import { verifyProof } from '../../rules/verify.ts';
import { randomGameProof } from './fairnessGames.ts';

/** Whole random games of each mode, replayed step by step beside their verdicts, for the step-words tests. */

export const modes: GameMode[] = ['rps', 'backgammon', 'blot', 'carrom'];
const GAMES: Record<GameMode, number> = { rps: 40, backgammon: 20, blot: 20, carrom: 6 };

/** One step of a verified game: its input, the states around it (plain JSON) and what the verdict says of it. */
export interface Replayed<S> {
  input: ProofInput;
  before: S;
  after: S;
  step: VerifiedStep;
}

/** The proof's states, replayed the way the server recorded them, beside the verdict's steps. */
function replayed(proof: GameProof): Replayed<unknown>[] {
  const verdict = verifyProof(proof);
  if (!verdict.ok) throw new Error(`${proof.gameId}: ${JSON.stringify(verdict)}`);
  const rules = rulesOfMode(proof.gameMode);
  const seed = gameSeedOf(proof.serverSeed, proof.gameId, proof.clientSeeds);
  let state: unknown = null;
  return proof.inputs.map((input, index) => {
    const before = state;
    const at = Date.parse(input.at);
    if (input.action === 'create') state = rules.create(proof.players, seed, at);
    else if (input.action === 'move') state = rules.apply(state, input.actor, input.move, at);
    else if (input.action === 'leave') state = rules.resign(state, input.actor, at);
    else if (input.action === 'timeout') state = rules.timeout(state, at);
    state = JSON.parse(JSON.stringify(state)) as unknown;
    return { input, before, after: state, step: verdict.steps[index] as VerifiedStep };
  });
}

const games = new Map<GameMode, Replayed<unknown>[]>();
export function stepsOf<S>(mode: GameMode): Replayed<S>[] {
  if (!games.has(mode)) games.set(mode, Array.from({ length: GAMES[mode] }, (_, n) => replayed(randomGameProof(mode, n + 1))).flat());
  return games.get(mode) as Replayed<S>[];
}
