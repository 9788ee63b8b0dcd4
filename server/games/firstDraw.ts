import { SEEDING_PHASE } from '../../protocol/fairness.ts';
import type { RulesView } from '../../rules/game.ts';
import { gameSeedOf } from '../../rules/random.ts';
import type { GameRow } from '../db/schema.ts';
import { rulesOfMode } from '../../rules/registry.ts';
import type { TransitionWrite } from './store.ts';
import type { Seat } from './views.ts';

/**
 * A game's first draw (issue 18). A paired game first waits, stateless, for both players' client seeds
 * (at most the config's seed wait): its rules cannot create it before, because creating it is drawing
 * from the seed the three parties make together (rules/random.ts gameSeedOf). The seeds arrive through
 * POST /api/games/{id}/client-seed (clientSeeds.ts); the sweeper makes the draw at the deadline with ''
 * for a seed that never came, and a leave or an operator's cancel makes it first, so every game that
 * ends has a creation its proof can replay.
 */

/** A running game still waiting for its client seeds: no state yet. */
export const isSeeding = (row: GameRow): boolean => row.status === 'in-progress' && row.state === null;

/** What a seeding game shows: the common fields only, in the seeding phase. */
export const seedingView = (): RulesView => ({ phase: SEEDING_PHASE, turn: null, totalGamePoints: {}, playerColors: {}, timerStartTime: null });

/** The seeds as recorded: a game from before client seeds has none, which is two that never came. */
export const clientSeedsOf = (row: GameRow): [string, string] => row.clientSeeds ?? ['', ''];

/**
 * The rules create the game, drawing from the seed of the server seed, the game's id and both client
 * seeds as they are now; returns the row it leaves and the 'create' line of its log (the proof's first
 * input, at this moment: its timers start now, not at the pairing).
 */
export function firstDraw(row: GameRow, seats: readonly Seat[], clock: number): TransitionWrite {
  // Never before the pairing, which another node's clock wrote: a proof's creation comes after it.
  const now = Math.max(clock, row.createdAt.getTime());
  const rules = rulesOfMode(row.gameMode);
  const players: [string, string] = [seats[0]?.userId ?? '', seats[1]?.userId ?? ''];
  const clientSeeds = clientSeedsOf(row);
  const state = rules.create(players, gameSeedOf(row.seed, row.id, clientSeeds), now);
  const deadline = rules.deadline(state);
  return {
    next: { ...row, state, clientSeeds, version: row.version + 1, deadlineAt: deadline === null ? null : new Date(deadline) },
    readVersion: row.version,
    log: { at: now, actor: 'server', action: 'create', move: { players, clientSeeds } },
  };
}
