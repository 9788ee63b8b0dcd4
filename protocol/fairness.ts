import { z } from 'zod';
import type { GameMode } from './constants.ts';

/**
 * Provably fair (issue 18): what a game's proof looks like on the wire, and the verdict of checking
 * one. The proof is everything needed to replay a game through its rules (rules/verify.ts): the server
 * seed revealed at the end, its SHA-256 committed at the start, both players' client seeds, and every
 * accepted input in order, each with the digest of the state it left.
 */

export const fairnessText = {
  unknownGame: 'Game not found',
  notOver: 'The proof is ready once the game is over',
  noProof: 'This game was played before proofs were kept',
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

/** POST /api/games/{gameId}/client-seed: the player's client seed for that game, once, before its first draw. */
export const clientSeedBody = z.object({
  // Hex is hex in either case; the seed is kept (and hashed into the game's seed) in lower case.
  clientSeed: z.string({ error: fairnessText.clientSeedFormat }).toLowerCase().regex(CLIENT_SEED_PATTERN, { error: fairnessText.clientSeedFormat }),
});
export const clientSeedParams = z.object({ gameId: z.uuid({ error: fairnessText.unknownGame }) });

export const proofActions = ['create', 'move', 'timeout', 'leave', 'cancel'] as const;
export type ProofAction = (typeof proofActions)[number];

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const instant = z.iso.datetime({ offset: true });
const clientSeed = z.union([z.literal(''), z.string().regex(CLIENT_SEED_PATTERN)]);

export const proofInputSchema = z.object({
  at: instant,
  /** A player's id, 'server' (creation), 'timeout' (the rules acting at a deadline), or 'admin' / 'admin:<id>' (an operator's cancel; the id only in the operators' copy). */
  actor: z.string().min(1).max(80),
  action: z.enum(proofActions),
  move: z.unknown().optional(),
  /** SHA-256 of the canonical JSON of the state this input left (rules/random.ts stateHashOf). */
  stateHash: hex64,
});
export type ProofInput = z.infer<typeof proofInputSchema>;

export const proofResultSchema = z.object({
  status: z.enum(['completed', 'canceled']),
  winnerId: z.string().nullable(),
  loserId: z.string().nullable(),
  endReason: z.string().nullable(),
  /** Each player's points, as the history shows them (rounds won, points toward 101, …). */
  points: z.record(z.string(), z.number()),
});
export type ProofResult = z.infer<typeof proofResultSchema>;

export const gameProofSchema = z.object({
  gameId: z.string().min(1).max(64),
  gameMode: z.enum(['rps', 'blot', 'carrom', 'backgammon']),
  serverSeed: hex64,
  seedHash: hex64,
  clientSeeds: z.tuple([clientSeed, clientSeed]),
  players: z.tuple([z.string().min(1).max(64), z.string().min(1).max(64)]),
  created: instant,
  /** The first is the creation; then every accepted move, timeout, leave or cancel, in order. */
  inputs: z.array(proofInputSchema).min(1).max(20_000),
  result: proofResultSchema,
});
export type GameProof = z.infer<typeof gameProofSchema> & { gameMode: GameMode };

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
