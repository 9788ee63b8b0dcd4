import { z } from 'zod';
import { gameModes } from './constants.ts';
import { CLIENT_SEED_PATTERN, fairnessText, proofActions } from './fairness.ts';

/**
 * The wire shapes of provably fair games (issue 18; the constants and words are in fairness.ts): the
 * client seed a player's app sends, and a game's proof as rules/verify.ts reads it.
 */

/** POST /api/games/{gameId}/client-seed: the player's client seed for that game, once, before its first draw. */
export const clientSeedBody = z.object({
  // Hex is hex in either case; the seed is kept (and hashed into the game's seed) in lower case.
  clientSeed: z.string({ error: fairnessText.clientSeedFormat }).toLowerCase().regex(CLIENT_SEED_PATTERN, { error: fairnessText.clientSeedFormat }),
});

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
  gameMode: z.enum(gameModes),
  serverSeed: hex64,
  seedHash: hex64,
  clientSeeds: z.tuple([clientSeed, clientSeed]),
  players: z.tuple([z.string().min(1).max(64), z.string().min(1).max(64)]),
  created: instant,
  /** The first is the creation; then every accepted move, timeout, leave or cancel, in order. */
  inputs: z.array(proofInputSchema).min(1).max(20_000),
  result: proofResultSchema,
});
export type GameProof = z.infer<typeof gameProofSchema>;
