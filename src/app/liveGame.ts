import { proxy, ref } from 'valtio';
import type { ChatMessage, GameUpdate } from '../../protocol/game.ts';
import { fetchCurrentGame } from '../api/currentGame.ts';
import { ApiError, NetworkError } from '../api/http.ts';
import { rememberCommitment } from '../platform/commitments.ts';

/** ref(): an update is replaced whole, never edited, so valtio keeps it as it came instead of proxying it. */
export type FrozenUpdate = GameUpdate & { $$valtioSnapshot: GameUpdate };

export interface ChatBubble {
  message: string;
  /** Tells two equal messages in a row apart, so the second one is shown for its full time again. */
  id: number;
}

/** How the last GET /api/current-game went. */
export type LoadOutcome = 'found' | 'none' | 'failed';

export interface LiveGameState {
  /** The newest view of the player's game; kept after it ends so the end popup can show it. */
  current: FrozenUpdate | null;
  /** serverTime − Date.now() when `current` arrived: Date.now() + clockOffset reads the server's clock. */
  clockOffset: number;
  /** Socket (re)connections so far: a game screen resyncs on each. */
  connections: number;
  /** The latest chat line of each player of the current game, by user id. */
  chat: Record<string, ChatBubble>;
}

/**
 * The live game (DESIGN.md §2 step 5): fed by gameStarted, game-update and move answers, and resynced
 * from GET /api/current-game whenever an event may have been missed. Versions keep it monotonic.
 */
export const liveGame = proxy<LiveGameState>({ current: null, clockOffset: 0, connections: 0, chat: {} });

let chatIds = 0;

function isGameUpdate(value: unknown): value is GameUpdate {
  if (!value || typeof value !== 'object') return false;
  const { game } = value as { game?: unknown };
  if (!game || typeof game !== 'object') return false;
  const { _id, v } = game as { _id?: unknown; v?: unknown };
  return typeof _id === 'string' && typeof v === 'number';
}

function take(update: GameUpdate): void {
  // The server's commitment, kept from while the game runs: Verify later holds the proof to it.
  if (update.game.status === 'in-progress' && typeof update.game.seedHash === 'string') rememberCommitment(update.game._id, update.game.seedHash);
  const serverTime = Number.isFinite(update.serverTime) ? update.serverTime : Date.now();
  if (liveGame.current?.game._id !== update.game._id) liveGame.chat = {};
  liveGame.current = ref(update);
  liveGame.clockOffset = serverTime - Date.now();
}

/** A new game (gameStarted): it replaces whatever was shown before. */
export function startLiveGame(update: unknown): void {
  if (isGameUpdate(update)) take(update);
}

/**
 * A game-update event or a move's answer. An old or repeated version is ignored; a skipped version
 * means an event was lost, so the whole game is reloaded rather than patched.
 */
export function receiveGameUpdate(update: unknown): void {
  if (!isGameUpdate(update)) return;
  const current = liveGame.current;
  // No game on screen: the screen's own load will bring it.
  if (!current) return;
  if (current.game._id !== update.game._id) {
    void reloadCurrentGame();
    return;
  }
  if (update.game.v <= current.game.v) return;
  if (update.game.v > current.game.v + 1) {
    void reloadCurrentGame();
    return;
  }
  take(update);
}

/**
 * After a move's request failed: the game is read again when this copy may be behind. A refusal says it
 * is (409, and `refusals` a game adds); a lost answer or a 5xx may hide a move the server took, whose
 * update this device's socket is not sent, since the answer was to carry it (protocol/socket.ts
 * ANSWERED_SOCKET_HEADER). A game-ending move would otherwise leave its result unseen.
 */
export function reloadIfBehind(error: unknown, refusals: readonly number[] = [409]): void {
  const status = error instanceof ApiError ? error.status : null;
  if (error instanceof NetworkError || (status !== null && (status >= 500 || refusals.includes(status)))) void reloadCurrentGame();
}

let inFlight: Promise<LoadOutcome> | null = null;
let again = false;
/** Bumped by a reset (sign-out): an answer to a request sent before it belongs to nobody on screen. */
let generation = 0;

async function loadOnce(): Promise<LoadOutcome> {
  const sentIn = generation;
  try {
    const answer = await fetchCurrentGame();
    if (sentIn !== generation) return 'none';
    if (!answer.game) {
      // A finished game stays on screen until Exit; one the server no longer knows as running does not.
      if (liveGame.current?.game.status === 'in-progress') liveGame.current = null;
      return 'none';
    }
    const current = liveGame.current;
    // An event newer than this answer may have landed while it was on its way.
    if (!current || current.game._id !== answer.game._id || answer.game.v >= current.game.v) take(answer);
    return 'found';
  } catch (error) {
    console.error('Failed to fetch the current game state.', error);
    return 'failed';
  }
}

/**
 * GET /api/current-game into the store. Calls made while one is on its way share it, plus one more
 * load after it, so a gap noticed mid-flight is never answered by a request sent before the gap.
 */
export function reloadCurrentGame(): Promise<LoadOutcome> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  const run = async (): Promise<LoadOutcome> => {
    let outcome = await loadOnce();
    while (again) {
      again = false;
      outcome = await loadOnce();
    }
    return outcome;
  };
  inFlight = run().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/** Every (re)connection of the socket: the screen showing a game reloads it. */
export function socketConnected(): void {
  liveGame.connections += 1;
}

/** A preset chat line of the opponent, for the game on screen only. */
export function receiveChatMessage(message: unknown): void {
  if (!message || typeof message !== 'object') return;
  const { message: text, gameId, userID } = message as Partial<ChatMessage>;
  if (typeof text !== 'string' || typeof userID !== 'string' || gameId !== liveGame.current?.game._id) return;
  showChatBubble(userID, text);
}

export function showChatBubble(userId: string, message: string): void {
  chatIds += 1;
  liveGame.chat[userId] = { message, id: chatIds };
}

/** Sign-out, and tests: start from an empty store. */
export function resetLiveGame(): void {
  generation += 1;
  liveGame.current = null;
  liveGame.clockOffset = 0;
  liveGame.connections = 0;
  liveGame.chat = {};
  inFlight = null;
  again = false;
}
