import { z } from 'zod';
import { gameRef, type GameViewBase } from './game.ts';

/** Rock Paper Scissors on the wire (spec §3 RPS game, ../shared/rules/rps.md). */
export const rpsChoices = ['rock', 'paper', 'scissors'] as const;
export type RpsChoice = (typeof rpsChoices)[number];

export const RPS_ROUNDS_TO_WIN = 3;
export const RPS_TURN_MS = 15_000;
/** The reveal animation between a round's end and the next round. */
export const RPS_REVEAL_MS = 2400;
export const RPS_CHAT_MS = 2500;

/**
 * Both players choose at once, so a version check would refuse the second choice whenever the first
 * one's update is still on its way. A choice names its round instead: one for a round that is over
 * (the deadline auto-picked it) is refused rather than counted in the next.
 */
export const rpsMoveBody = gameRef.extend({
  choice: z.enum(rpsChoices, { error: 'Choice must be rock, paper or scissors' }),
  round: z.number().int().positive().optional(),
});
export type RpsMoveBody = z.input<typeof rpsMoveBody>;

/** A player's phase (spec §4 RPS phases). */
export type RpsPhase = 'choose' | 'waiting-for-opponent' | 'round-completed' | 'game-completed' | 'game-canceled';

export interface RpsRoundResult {
  roundNumber: number;
  winnerId: string | null;
  choices: Record<string, RpsChoice>;
  autoPicked: Record<string, boolean>;
}

export interface RpsGameView extends GameViewBase {
  gameMode: 'rps';
  phase: RpsPhase;
  /** Per player, as each would see their own phase. */
  phases: Record<string, RpsPhase>;
  currentRound: number;
  /**
   * This round's choices: always the viewer's own; the opponent's only once both are locked
   * (round-completed). `chosen` says who has locked in, without saying what.
   */
  choices: Record<string, RpsChoice | null>;
  chosen: Record<string, boolean>;
  roundResults: RpsRoundResult[];
  /** Trophies: rounds won so far. */
  wins: Record<string, number>;
}
