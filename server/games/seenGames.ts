import { nodeLocal } from '../nodeLocal.ts';
import type { GameRow } from '../db/schema.ts';
import type { LoadedGame } from './store.ts';

/**
 * The running games this node has last seen committed (issue 24: a cheaper move). Every transition a
 * node writes is published after its commit (engine.ts publish); the published row is kept here, so
 * the next move of that game can be computed without reading the row again: one round trip to
 * PostgreSQL (the version-conditioned write) instead of two.
 *
 * Never an authority: a move computed from a kept row is written only while the game is still at that
 * row's version (store.ts writeTransitions), so a row another node changed, or a change this node has
 * not seen yet, only costs the move a fresh read. Anything the kept row refuses is asked of a fresh read
 * too, so a stale copy can neither let a move through nor turn one away.
 */

/** Enough for every running game of a busy node; past it the longest-unseen are dropped. */
const MAX_GAMES = 20_000;

class SeenGames {
  private readonly games = new Map<string, LoadedGame>();

  get(gameId: string): LoadedGame | undefined {
    return this.games.get(gameId);
  }

  /** The game as committed at this version; an older version than the one kept is ignored. */
  saw(row: GameRow, seats: LoadedGame['seats']): void {
    const kept = this.games.get(row.id);
    if (kept && kept.row.version > row.version) return;
    this.games.delete(row.id);
    if (row.status !== 'in-progress') return;
    this.games.set(row.id, { row, seats });
    if (this.games.size > MAX_GAMES) {
      const oldest = this.games.keys().next();
      if (!oldest.done) this.games.delete(oldest.value);
    }
  }

  forget(gameId: string): void {
    this.games.delete(gameId);
  }
}

/** This node's kept games. */
export const seenGames = nodeLocal(() => new SeenGames());
