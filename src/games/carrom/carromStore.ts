import { proxy, ref } from 'valtio';
import { shotSpeed, type CarromGameView, type CarromLastMove, type CarromShot } from '../../../protocol/carrom.ts';
import { normaliseAngle, placeStriker, replayShot, startShot } from '../../../rules/carrom/index.ts';
import { carromMove } from '../../api/carromMove.ts';
import { receiveGameUpdate, reloadIfBehind } from '../../app/liveGame.ts';
import { createPlayback, strikerTouched, type ShotPlayback } from './shotAnimation.ts';

/** What a notice over the board is about: a shot's fouls and queen, or a turn that ran out. */
export type NoticeCause =
  | { kind: 'shot'; lastMove: CarromLastMove; strikerBeenHit: boolean }
  | { kind: 'timeout'; playerId: string };

export interface ShotOnScreen {
  id: number;
  shooterId: string;
  /** The simulation being drawn (mutable, so kept out of valtio's proxy). */
  playback: ShotPlayback;
  /** The stored shot this is; null while our own shot waits for the server's answer. */
  lastMove: CarromLastMove | null;
  /** Played to its end; our own shot may wait there, on its last frame, for the answer. */
  ended: boolean;
}

export interface CarromScreenState {
  /** The game version this state belongs to; until sync() has seen a new one, the screen waits for it. */
  v: number | null;
  /** The shot being played out on the board; the stored board is shown once it is over. */
  shot: ShotOnScreen | null;
  /** A move is on its way to the server. */
  sending: boolean;
  notice: { id: number; cause: NoticeCause } | null;
  /** This device's clock when the shown version arrived: a turn with no start time counts from then. */
  arrivedAt: number;
}

interface Seen {
  v: number;
  shotNumber: number;
  turn: string | null;
}

/**
 * The Carrom screen's own state (lila's round `ctrl`, like backgammonStore): the shot on screen, and the
 * notices that follow it. The game itself stays in the live game store. A new shot in an update is
 * replayed from `lastMove` with the shared physics before the stored board is shown; our own shot plays
 * at once from the same inputs the server will use, and the stored board replaces its last frame.
 */
export function createCarromStore() {
  const state = proxy<CarromScreenState>({ v: null, shot: null, sending: false, notice: null, arrivedAt: Date.now() });
  let seen: Seen | null = null;
  let latest: CarromGameView | null = null;
  /** Shots that arrived while another was still playing, played next in order. */
  const queue: CarromLastMove[] = [];
  let ids = 0;

  const notify = (cause: NoticeCause) => {
    ids += 1;
    state.notice = { id: ids, cause: ref(cause) };
  };

  function play(lastMove: CarromLastMove): void {
    const color = latest?.playerColors[lastMove.playerId] ?? 'white';
    ids += 1;
    state.shot = { id: ids, shooterId: lastMove.playerId, playback: ref(createPlayback(replayShot(lastMove, color))), lastMove: ref(lastMove), ended: false };
  }

  /** The shot on screen is over and its stored result is known: show the stored board, then the next shot. */
  function settle(): void {
    const shot = state.shot;
    if (!shot?.lastMove) return;
    const { lastMove } = shot;
    // The server's flag for its latest shot; the replay's own for an older one played from the queue.
    const strikerBeenHit = latest?.lastMove?.shotNumber === lastMove.shotNumber ? latest.strikerBeenHit : strikerTouched(shot.playback);
    state.shot = null;
    notify({ kind: 'shot', lastMove, strikerBeenHit });
    const next = queue.shift();
    if (next) play(next);
  }

  /**
   * A new version of the game arrived. A shot we have not shown is played out (queued behind one still
   * playing); the answer to our own shot only tells the animation already running what it was; a turn
   * that passed without a shot is announced.
   */
  function sync(game: CarromGameView, myId: string): void {
    if (seen?.v === game.v) return;
    const before = seen;
    const lastMove = game.lastMove;
    seen = { v: game.v, shotNumber: lastMove?.shotNumber ?? 0, turn: game.turn };
    latest = game;
    state.arrivedAt = Date.now();
    state.v = game.v;
    // The first view of a game (arrival, reload) is shown as it is.
    if (before === null) return;
    if (lastMove && lastMove.shotNumber > before.shotNumber) {
      const own = state.shot;
      if (own && own.lastMove === null && lastMove.playerId === myId && queue.length === 0) {
        own.lastMove = ref(lastMove);
        if (own.ended) settle();
      } else {
        queue.push(lastMove);
        if (!state.shot) play(queue.shift() as CarromLastMove);
      }
      return;
    }
    if (game.timeoutTriggered && game.status === 'in-progress' && before.turn !== null && game.turn !== before.turn) {
      notify({ kind: 'timeout', playerId: before.turn });
    }
  }

  /** The animation with this id has drawn its last frame. */
  function ended(id: number): void {
    const shot = state.shot;
    if (!shot || shot.id !== id) return;
    shot.ended = true;
    if (shot.lastMove) settle();
  }

  /**
   * Our shot: it starts playing at once, from the board on screen and exactly the launch the server
   * will compute (the same placement, the normalised angle, the speed of the pull), while the move goes out.
   */
  async function shoot(game: CarromGameView, move: CarromShot): Promise<void> {
    if (state.sending || state.shot) return;
    const color = game.playerColors[move.playerId] ?? 'white';
    const coins = game.boardState.coins;
    const spot = placeStriker(coins, color, move.strikerPosition);
    const run = startShot(coins, { x: spot.x, y: spot.y, angle: normaliseAngle(move.angle), speed: shotSpeed(move.hitStrength) });
    ids += 1;
    const id = ids;
    state.shot = { id, shooterId: move.playerId, playback: ref(createPlayback(run)), lastMove: null, ended: false };
    state.notice = null;
    state.sending = true;
    try {
      receiveGameUpdate(await carromMove({ gameId: game._id, move, v: game.v }));
    } catch (error) {
      // Spec §8: logged only. The shot was not played: the board goes back to where it was.
      console.error('Failed to make a move.', error);
      if (state.shot?.id === id && state.shot.lastMove === null) state.shot = null;
      // If it was played after all (its answer lost), the reload shows it.
      reloadIfBehind(error, [409, 422]);
    } finally {
      state.sending = false;
    }
  }

  return {
    state,
    sync,
    ended,
    shoot,
    dismissNotice: () => {
      state.notice = null;
    },
  };
}

export type CarromStore = ReturnType<typeof createCarromStore>;
