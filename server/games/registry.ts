import type { GameMode } from '../../protocol/constants.ts';
import { rulesOfMode, type AnyRules } from '../../rules/registry.ts';

export type { AnyRules } from '../../rules/registry.ts';

const modes: GameMode[] = ['rps', 'backgammon', 'blot', 'carrom'];

/** The rules module of each mode that can be played. The machinery never looks inside a state. */
export function rulesFor(mode: GameMode): AnyRules | undefined {
  return modes.includes(mode) ? rulesOfMode(mode) : undefined;
}

export const playableModes = (): GameMode[] => [...modes];
