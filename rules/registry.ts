import type { GameMode } from '../protocol/constants.ts';
import { backgammonRules } from './backgammon/index.ts';
import { blotRules } from './blot/index.ts';
import { carromRules } from './carrom/index.ts';
import type { GameRules, RulesView } from './game.ts';
import { rpsRules } from './rps/index.ts';

/**
 * The rules module of each mode: the server's authority, and the replay of a game's proof
 * (rules/verify.ts) in the app, the CLI and the tests. Generic in state and move: callers only hand a
 * module back what it made.
 */
export type AnyRules = GameRules<unknown, unknown, RulesView>;

const registry: Record<GameMode, AnyRules> = {
  rps: rpsRules as unknown as AnyRules,
  backgammon: backgammonRules as unknown as AnyRules,
  blot: blotRules as unknown as AnyRules,
  carrom: carromRules as unknown as AnyRules,
};

export function rulesOfMode(mode: GameMode): AnyRules {
  return registry[mode];
}
