
/**
 * Provably fair (issue 18): what a game's proof looks like on the wire, and the verdict of checking
 * one. The proof is everything needed to replay a game through its rules (rules/verify.ts): the server
 * seed revealed at the end, its SHA-256 committed at the start, both players' client seeds, and every
 * accepted input in order, each with the digest of the state it left. The proof's and the client seed's
 * schemas are in fairnessProof.ts, so the app's first load (which needs only these constants) does not
 * carry them.
 */

export const fairnessText = {
  notOver: 'The proof is ready once the game is over',
  noProof: 'This game was played before proofs were kept',
  neverDrawn: 'This game was canceled before its first draw: there is nothing to prove',
  clientSeedFormat: 'A client seed is 16 to 64 hex digits (0-9, a-f)',
  clientSeedLate: "The game's first draw is already made",
  clientSeedTwice: 'Your client seed for this game is already in',
  gameStarting: 'The game is starting',
} as const;

/** The label that starts the message the game's seed is derived with (rules/random.ts gameSeedOf). */
export const FAIRNESS_VERSION = 'duel-stakes/v1';

/** A client seed: 16 to 64 hex digits made on the device; '' when a player's never arrived. */
export const CLIENT_SEED_PATTERN = /^[0-9a-f]{16,64}$/;

/**
 * The phase of a game between its pairing and its first draw, while the players' apps send their client
 * seeds (at most CLIENT_SEED_WAIT_MS): the view then carries only the common fields, and moves are refused.
 */
export const SEEDING_PHASE = 'seeding';

/** How long the first draw waits for the client seeds (the app's asset preload is capped the same). */
export const CLIENT_SEED_WAIT_MS = 3000;

export const proofActions = ['create', 'move', 'timeout', 'leave', 'cancel'] as const;
export type ProofAction = (typeof proofActions)[number];

export type { GameProof, ProofInput, ProofResult } from './fairnessProof.ts';

/** One step of a verified replay, for the Verify page: what happened, and how many draws it took. */
export interface VerifiedStep {
  /** 1-based position among the proof's inputs. */
  step: number;
  at: string;
  actor: string;
  action: ProofAction;
  /** Random draws (seeded blocks) this step used: a roll, a deal, an auto-pick. */
  draws: number;
  /**
   * What the step did, in words (rules/stepDetail.ts): "moved 13→7, 8→7", "chose Rock". `player`, an id,
   * is whom it was done for when that is not the actor (a timeout's automatic action); the page names them.
   */
  move?: { player?: string; text: string };
  /** What its draws produced, and cards dealt, a line each: "rolled 5 and 3", "dealt …"; `player` as in `move`. */
  drawn?: { player?: string; text: string }[];
}

/**
 * The verdict. A failure names its step: 0 is the commitment (the server seed against its hash), 1 to
 * n the inputs, n + 1 the result.
 */
export type Verdict =
  | { ok: true; steps: VerifiedStep[] }
  | { ok: false; step: number; reason: string; expected: string; got: string };
