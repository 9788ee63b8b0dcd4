import { canonicalJson } from './canonicalJson.ts';
import { gameSeedOf, seedHashOf, stateHashOf } from './random.ts';
import { rulesOfMode } from './registry.ts';
import { stepDetailOf } from './stepDetail.ts';
import { proofValueText as words, type ProofAction, type ProofFailure, type ProofResult, type Verdict, type VerifiedStep } from '../protocol/fairness.ts';
import type { Outcome } from './game.ts';
import { gameProofSchema } from '../protocol/fairnessProof.ts';

/**
 * Checks a game's proof on its own (issue 18), in the player's browser, the CLI and the tests: the server
 * seed against the hash committed before the game, then the whole game replayed through its rules from
 * the seed all three parties made (rules/random.ts gameSeedOf), input by input, each one accepted by the
 * rules and leaving exactly the state the server recorded, and finally the result. Pure, and never
 * throws: anything that is not a proof, or a proof that does not hold, is a verdict naming the step.
 */
export function verifyProof(input: unknown, expected: ProofExpectations = {}): Verdict {
  try {
    return verify(input, expected);
  } catch (error) {
    return fail(0, 'unchecked', 'The proof could not be checked', words.aProof, error instanceof Error ? error.message : String(error));
  }
}

/**
 * A game's result as its proof states it: the rules' outcome of a completed game, or (null) a canceled
 * one. The server's proof (server/games/proof.ts) and the replay both make it here, as the two are
 * compared character for character.
 */
export function proofResultOf(outcome: Outcome | null): ProofResult {
  return outcome
    ? { status: 'completed', winnerId: outcome.winnerId, loserId: outcome.loserId, endReason: outcome.endReason, points: outcome.points }
    : { status: 'canceled', winnerId: null, loserId: null, endReason: 'canceled', points: {} };
}

function fail(step: number, code: ProofFailure, reason: string, expected: string, got: string, action?: ProofAction): Verdict {
  return { ok: false, step, code, ...(action ? { action } : {}), reason, expected, got };
}

/** Seeded blocks drawn so far, for the modes whose state carries the random source at its top. */
function drawsOf(state: unknown): number {
  const rng = (state as { rng?: { counter?: unknown } } | null)?.rng;
  return typeof rng?.counter === 'number' ? rng.counter : 0;
}

/**
 * What the checker itself knows of the game, which the proof must agree with: a proof that merely holds
 * together could be of another game, or made up after the fact with a new seed and its new hash. The app
 * passes the game it asked for, its own player id and the seed hash it was shown when the game started.
 */
export interface ProofExpectations {
  gameId?: string | undefined;
  playerId?: string | undefined;
  seedHash?: string | undefined;
  /**
   * The client seed this device sent and the server took: a proof that recorded another one for the
   * player (or none) would let the server pick the player's part of the seed after all. Held to the
   * player's seat when `playerId` is given, else to either seat.
   */
  clientSeed?: string | undefined;
}

function verify(input: unknown, expected: ProofExpectations): Verdict {
  const parsed = gameProofSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return fail(0, 'not-a-proof', 'This is not a game proof', words.aProof, issue ? `${issue.path.join('.') || 'proof'}: ${issue.message}` : words.unreadable);
  }
  const proof = parsed.data;
  if (expected.gameId !== undefined && proof.gameId !== expected.gameId) return fail(0, 'other-game', 'This proof is of another game', expected.gameId, proof.gameId);
  if (expected.playerId !== undefined && !proof.players.includes(expected.playerId)) {
    return fail(0, 'not-your-game', 'This proof is of a game you did not play', expected.playerId, proof.players.join(', '));
  }
  if (expected.seedHash !== undefined && proof.seedHash !== expected.seedHash) {
    return fail(0, 'seed-hash', 'The seed hash is not the one shown when the game started', expected.seedHash, proof.seedHash);
  }
  // '' is no seed sent, which proves nothing about the player's part: only a real seed is held to.
  if (expected.clientSeed) {
    const seat = expected.playerId === undefined ? -1 : proof.players.indexOf(expected.playerId);
    const recorded = seat >= 0 ? [proof.clientSeeds[seat]] : proof.clientSeeds;
    if (!recorded.includes(expected.clientSeed)) {
      return fail(0, 'client-seed', 'Your client seed is not the one your device sent', expected.clientSeed, recorded.map((seed) => seed || words.noSeed).join(', '));
    }
  }
  const hash = seedHashOf(proof.serverSeed);
  if (hash !== proof.seedHash) return fail(0, 'server-seed', 'The server seed is not the one committed before the game', proof.seedHash, hash);

  const rules = rulesOfMode(proof.gameMode);
  const seed = gameSeedOf(proof.serverSeed, proof.gameId, proof.clientSeeds);
  const [first] = proof.inputs;
  if (!first || first.action !== 'create') return fail(1, 'no-creation', 'A game starts with its creation', 'create', first?.action ?? words.nothing);
  // The first draw waits for the client seeds, so it may come after the pairing, never before it.
  if (Date.parse(first.at) < Date.parse(proof.created)) return fail(1, 'created-early', 'The game was created before it was paired', `${proof.created}${words.orLater}`, first.at);

  let state: unknown = null;
  let canceled = false;
  const steps: VerifiedStep[] = [];
  for (const [index, step] of proof.inputs.entries()) {
    const number = index + 1;
    const at = Date.parse(step.at);
    const drawnBefore = drawsOf(state);
    // The rules never change their input and each state is a fresh JSON copy: this stays the state before.
    const before = state;
    if (index > 0 && (canceled || rules.outcome(state) !== null)) return fail(number, 'after-the-end', 'An input after the game was over', words.nothingMore, step.action);
    try {
      // Created at its first draw, which may come after the pairing (`created`) by the wait for the client seeds.
      if (index === 0) state = rules.create(proof.players, seed, at);
      else if (step.action === 'create') return fail(number, 'created-twice', 'A game is created only once', words.anotherInput, 'create');
      else if (step.action === 'move') state = rules.apply(state, step.actor, step.move, at);
      else if (step.action === 'leave') state = rules.resign(state, step.actor, at);
      else if (step.action === 'cancel') canceled = true;
      else {
        const due = rules.deadline(state);
        if (due === null || at < due) return fail(number, 'early-timeout', 'A timeout before its deadline', due === null ? words.noDeadline : new Date(due).toISOString(), step.at);
        state = rules.timeout(state, at);
      }
    } catch (error) {
      return fail(number, 'refused', `The rules refuse this ${step.action}`, words.acceptedInput, error instanceof Error ? error.message : String(error), step.action);
    }
    // As the server's database keeps a state between inputs: plain JSON.
    state = JSON.parse(JSON.stringify(state)) as unknown;
    const replayed = stateHashOf(state);
    if (replayed !== step.stateHash) return fail(number, 'state', 'The replay does not reach the state the server recorded', step.stateHash, replayed);
    steps.push({ step: number, at: step.at, actor: step.actor, action: step.action, draws: drawsOf(state) - drawnBefore, ...stepDetailOf(proof.gameMode, before, state, step) });
  }

  const result = canceled ? proofResultOf(null) : ((outcome) => outcome && proofResultOf(outcome))(rules.outcome(state));
  const resultStep = proof.inputs.length + 1;
  if (!result) return fail(resultStep, 'no-end', 'The game does not end with these inputs', canonicalJson(proof.result), words.inProgress);
  // Against the result as given, not as parsed: parsing drops keys it does not know (and `__proto__`),
  // and a result with anything more than the replay's is not the replay's.
  const claimed = canonicalJson((input as { result?: unknown }).result);
  if (canonicalJson(result) !== claimed) return fail(resultStep, 'result', 'The replay ends with another result', claimed, canonicalJson(result));
  return { ok: true, steps };
}
