import { CARROM_STEPS_PER_SECOND, type CarromCoin, type CarromCoinType } from '../../../protocol/carrom.ts';
import { shotOutcome, shotPieces, stepShot, STRIKER_ID, type ShotPiece, type ShotRun } from '../../../rules/carrom/index.ts';

/**
 * A shot on screen: the shared simulation stepped at its own 45 steps per second, drawn at whatever rate
 * the display runs, each frame between step n and n + 1 by the time elapsed (chessground's `anim.ts`
 * does the same for moves). The simulation is stepped lazily, only as far as the clock has got.
 */

export type PieceKind = CarromCoinType | 'striker';

/** A piece as one frame draws it: `alpha` is 1 on the board and fades to 0 as it drops into a pocket. */
export interface DrawnPiece {
  id: string;
  kind: PieceKind;
  x: number;
  y: number;
  alpha: number;
}

/** Where a replay stands `elapsedMs` after it began: the last whole step, and how far toward the next. */
export function stepClock(elapsedMs: number): { step: number; fraction: number } {
  const position = (Math.max(0, elapsedMs) * CARROM_STEPS_PER_SECOND) / 1000;
  const step = Math.floor(position);
  return { step, fraction: position - step };
}

/**
 * The pieces a `fraction` of the way from one step's positions to the next's (the same pieces in the
 * same order, as the simulation lists them). A piece gone before `from` is not drawn; one falling
 * between the two glides toward the pocket and fades out.
 */
export function interpolatePieces(
  from: readonly ShotPiece[],
  to: readonly ShotPiece[],
  fraction: number,
  kindOf: (id: string) => PieceKind,
): DrawnPiece[] {
  const t = Math.min(1, Math.max(0, fraction));
  const drawn: DrawnPiece[] = [];
  from.forEach((a, i) => {
    const b = to[i];
    if (!a.onBoard) return;
    if (!b || b.id !== a.id) {
      drawn.push({ id: a.id, kind: kindOf(a.id), x: a.x, y: a.y, alpha: 1 });
      return;
    }
    drawn.push({ id: a.id, kind: kindOf(a.id), x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t, alpha: b.onBoard ? 1 : 1 - t });
  });
  return drawn;
}

/** The coins of a settled board as drawn pieces (those in the pockets are not drawn). */
export function settledPieces(coins: readonly CarromCoin[]): DrawnPiece[] {
  return coins.filter((coin) => !coin.isProcessed).map((coin) => ({ id: coin.id, kind: coin.type, x: coin.x, y: coin.y, alpha: 1 }));
}

export interface ShotPlayback {
  readonly run: ShotRun;
  readonly kindOf: (id: string) => PieceKind;
  /** The display's clock (ms) at the first frame drawn; null until then. */
  startedAt: number | null;
  /** The step `current` shows, and the positions after it and after the next step (null: the shot is over). */
  index: number;
  current: ShotPiece[];
  next: ShotPiece[] | null;
}

export interface PlaybackFrame {
  pieces: DrawnPiece[];
  /** The simulation step shown (the whole part). */
  step: number;
  /** Every piece rests: the last frame is drawn for good. */
  finished: boolean;
}

/** A shot ready to play from its launch: `run` fresh from startShot or replayShot. */
export function createPlayback(run: ShotRun): ShotPlayback {
  const types = new Map<string, PieceKind>(run.coinsBefore.map((coin) => [coin.id, coin.type]));
  types.set(STRIKER_ID, 'striker');
  const current = shotPieces(run);
  const next = run.done ? null : (stepShot(run), shotPieces(run));
  return { run, kindOf: (id) => types.get(id) ?? 'white', startedAt: null, index: 0, current, next };
}

/** The frame `elapsedMs` into the shot. Time only moves forward: an earlier time shows the furthest step reached. */
export function playbackAt(playback: ShotPlayback, elapsedMs: number): PlaybackFrame {
  const { step, fraction } = stepClock(elapsedMs);
  while (playback.index < step && playback.next) {
    playback.current = playback.next;
    playback.index += 1;
    playback.next = playback.run.done ? null : (stepShot(playback.run), shotPieces(playback.run));
  }
  const { current, next, index, kindOf } = playback;
  if (!next) return { pieces: interpolatePieces(current, current, 0, kindOf), step: index, finished: true };
  return { pieces: interpolatePieces(current, next, index === step ? fraction : 0, kindOf), step: index, finished: false };
}

/** Whether the striker touched a piece in this shot, once the playback has finished. */
export const strikerTouched = (playback: ShotPlayback): boolean => shotOutcome(playback.run).strikerBeenHit;
