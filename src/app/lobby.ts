import { proxy, ref } from 'valtio';
import type { GameMode } from '../../protocol/constants.ts';
import { SEARCH_POPUP_CLOSE_MS } from '../../protocol/gameConstants.ts';
import type { GameUpdate, StartGameAnswer } from '../../protocol/game.ts';
import { cancelSearch as cancelSearchCall } from '../api/cancelSearch.ts';
import { playerSocketId } from '../api/socket.ts';
import { startGame } from '../api/startGame.ts';
import { startLiveGame, type FrozenUpdate } from './liveGame.ts';
import { setBalance } from './session.ts';

/** A search for an opponent: the bet is in escrow while it runs (spec §4 Matchmaking). */
export interface Search {
  /** Tells one search from the next, so a late close animation never closes a newer search. */
  id: number;
  gameMode: GameMode;
  betAmount: number;
  /** Date.now() when the server accepted it: the popup's elapsed timer counts from here. */
  startedAt: number;
  /** The 200 ms close animation is running. */
  closing: boolean;
  /** The finished game a rematch replays; null for a search started in the lobby. */
  rematchOf: string | null;
}

export interface LobbyState {
  search: Search | null;
  /** A game that has just started: the loading overlay shows while its screen's assets load. */
  starting: FrozenUpdate | null;
  /** gameStarted events so far: a start-game answer that arrives after its own pairing opens no search. */
  gamesStarted: number;
}

export const lobby = proxy<LobbyState>({ search: null, starting: null, gamesStarted: 0 });

let searchIds = 0;

export interface SearchRequest {
  gameMode: GameMode;
  betAmount: number;
  /** The finished game to replay at the same bet and mode. */
  rematchOf?: string | null;
}

/** POST /api/start-game; the balance shown drops by the bet at once (the server's own figure). */
export async function startSearch({ gameMode, betAmount, rematchOf = null }: SearchRequest): Promise<StartGameAnswer> {
  const startedBefore = lobby.gamesStarted;
  const answer = await startGame({
    betAmount,
    gameMode,
    socketId: playerSocketId(),
    ...(rematchOf ? { isRematch: true } : {}),
  });
  setBalance(answer.balance);
  // 'started': paired at once, gameStarted is (or was already) on its way.
  if (answer.status === 'searching' && lobby.gamesStarted === startedBefore) {
    searchIds += 1;
    lobby.search = { id: searchIds, gameMode, betAmount, startedAt: Date.now(), closing: false, rematchOf };
  }
  return answer;
}

/** Closes the search popup with its 200 ms animation. */
export function closeSearch(): void {
  const search = lobby.search;
  if (!search || search.closing) return;
  search.closing = true;
  const { id } = search;
  setTimeout(() => {
    if (lobby.search?.id === id) lobby.search = null;
  }, SEARCH_POPUP_CLOSE_MS);
}

/** POST /api/cancel-search: the bet comes back and the popup closes. */
export async function cancelSearch(): Promise<void> {
  const { balance } = await cancelSearchCall();
  setBalance(balance);
  closeSearch();
}

/** gameStarted: the search is over; the overlay preloads the screen, then the app goes there. */
export function gameStarted(update: GameUpdate): void {
  lobby.gamesStarted += 1;
  if (update?.game?.status !== 'in-progress') return;
  lobby.search = null;
  lobby.starting = ref(update);
  startLiveGame(update);
}

/** The overlay has done its part: the game screen takes over. */
export function gameShown(): void {
  lobby.starting = null;
}

/** search-timeout: nobody came; the bet is back. */
export function searchTimedOut(payload: { balance: number }): void {
  if (typeof payload?.balance === 'number' && Number.isFinite(payload.balance)) setBalance(payload.balance);
  closeSearch();
}

/**
 * game-replay {gameId of the new game}: both players asked for the rematch, so the waiting ends;
 * gameStarted brings the new game (in either order).
 */
export function rematchAccepted(): void {
  if (lobby.search?.rematchOf) lobby.search = null;
}

/** Tests start from an empty lobby; a sign-out must not leave a search on screen for the next player. */
export function resetLobby(): void {
  lobby.search = null;
  lobby.starting = null;
  lobby.gamesStarted = 0;
}
