import type { GameMode } from '../../protocol/constants.ts';
import type { GameRules, RulesView } from '../../rules/game.ts';
import { backgammonRules } from '../../rules/backgammon/index.ts';
import { blotRules } from '../../rules/blot/index.ts';
import { carromRules } from '../../rules/carrom/index.ts';
import { rpsRules } from '../../rules/rps/index.ts';

/** The rules module of each mode that can be played. The machinery never looks inside a state. */
// The modules are generic in their state and move; the server only hands them back what they made.
export type AnyRules = GameRules<unknown, unknown, RulesView>;

const registry: Partial<Record<GameMode, AnyRules>> = {
  rps: rpsRules as unknown as AnyRules,
  backgammon: backgammonRules as unknown as AnyRules,
  blot: blotRules as unknown as AnyRules,
  carrom: carromRules as unknown as AnyRules,
};

export function rulesFor(mode: GameMode): AnyRules | undefined {
  return registry[mode];
}

export const playableModes = (): GameMode[] => Object.keys(registry) as GameMode[];
