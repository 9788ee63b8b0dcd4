import type { ComponentType } from 'react';
import type { GameMode } from '../../protocol/constants.ts';

/**
 * Each game screen is its own chunk (DESIGN.md §7). The route lazy-loads it, and the loading overlay
 * fetches it ahead, so the screen is ready when a pairing sends the player there.
 */
export const gameScreenLoaders: Record<GameMode, () => Promise<{ default: ComponentType }>> = {
  rps: () => import('../games/rps/RpsScreen.tsx').then((m) => ({ default: m.RpsScreen })),
  blot: () => import('../games/blot/BlotScreen.tsx').then((m) => ({ default: m.BlotScreen })),
  carrom: () => import('../games/carrom/CarromScreen.tsx').then((m) => ({ default: m.CarromScreen })),
  backgammon: () => import('../games/backgammon/BackgammonScreen.tsx').then((m) => ({ default: m.BackgammonScreen })),
};
