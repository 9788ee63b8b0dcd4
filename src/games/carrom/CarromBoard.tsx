import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { boardToScreen, boardUnits, type BoardPoint, type CarromCoin, type CarromColor } from '../../../protocol/carrom.ts';
import { paintBoard, type BoardScene, type Palette } from './boardPainter.ts';
import { projectionFor, UNIT_SCALE_SIZE, type Aim } from './geometry.ts';
import { playbackAt, settledPieces, type DrawnPiece, type ShotPlayback } from './shotAnimation.ts';
import { useAim } from './useAim.ts';

interface CarromBoardProps {
  /** The stored board, drawn whenever no shot is playing. */
  coins: readonly CarromCoin[];
  /** The player's colour: black sees the board turned 180°, own baseline at the bottom. */
  myColor: CarromColor;
  /** The striker on the player's baseline while they may shoot; null otherwise. */
  striker: BoardPoint | null;
  /** The shot being played out, if any. */
  shot: { id: number; playback: ShotPlayback } | null;
  /** Keep what is drawn: a new version arrived that may start with a shot to replay from the old board. */
  frozen: boolean;
  onShotEnd: (id: number) => void;
  canAim: boolean;
  onRelease: (aim: Aim) => void;
  /** The board's accessible name (what it shows, in words). */
  label: string;
}

const DEFAULT_ACCENT = '#2f8cff';

/** Board positions as text (board units, to the hundredth, by id): what the canvas shows, for tests and tools. */
const describePieces = (pieces: readonly DrawnPiece[]) =>
  pieces
    .filter((piece) => piece.kind !== 'striker' && piece.alpha > 0)
    .map((piece) => `${piece.id}:${piece.x.toFixed(2)},${piece.y.toFixed(2)}`)
    .sort()
    .join(';');

/**
 * The board on a <canvas>, its backing store sized to the CSS size × devicePixelRatio. It draws the
 * stored board, the striker and the aim; a shot plays by requestAnimationFrame, each frame between two
 * simulation steps by the time elapsed. What is drawn is also written to data attributes (board in board
 * units, striker, step), since a canvas has no DOM to inspect.
 */
export function CarromBoard({ coins, myColor, striker, shot, frozen, onShotEnd, canAim, onRelease, label }: CarromBoardProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState(UNIT_SCALE_SIZE);
  const flipped = myColor === 'black';
  const view = useMemo(() => projectionFor(size, flipped), [size, flipped]);
  const palette = useRef<Palette>({ accent: DEFAULT_ACCENT });

  // The CSS size decides the layout; the backing store follows it at the display's pixel density.
  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const accent = getComputedStyle(element).getPropertyValue('--accent').trim();
    if (accent) palette.current = { accent };
    const measure = () => {
      const width = element.getBoundingClientRect().width || element.clientWidth;
      // No layout (jsdom): one board unit per pixel.
      setSize(width > 0 ? width : UNIT_SCALE_SIZE);
    };
    measure();
    if (typeof ResizeObserver !== 'undefined') {
      const observer = new ResizeObserver(measure);
      observer.observe(element);
      return () => observer.disconnect();
    }
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  const paint = useCallback(
    (scene: BoardScene, step: number | null) => {
      const element = canvas.current;
      if (!element) return;
      const ratio = window.devicePixelRatio || 1;
      const backing = Math.round(size * ratio);
      if (element.width !== backing) element.width = backing;
      if (element.height !== backing) element.height = backing;
      let context: CanvasRenderingContext2D | null = null;
      try {
        context = element.getContext('2d');
      } catch {
        context = null;
      }
      context?.setTransform(ratio, 0, 0, ratio, 0, 0);
      paintBoard(context, scene, view, size, palette.current);
      element.dataset.board = describePieces(scene.pieces);
      const drawnStriker = scene.pieces.find((piece) => piece.kind === 'striker');
      element.dataset.striker = drawnStriker ? `${drawnStriker.x.toFixed(2)},${drawnStriker.y.toFixed(2)}` : '';
      const at = drawnStriker && step === null ? boardToScreen({ x: boardUnits(drawnStriker.x), y: boardUnits(drawnStriker.y) }, view) : null;
      element.dataset.strikerAt = at ? `${at.x.toFixed(1)},${at.y.toFixed(1)}` : '';
      element.dataset.step = step === null ? '' : String(step);
    },
    [size, view],
  );

  const { aim, handlers } = useAim({ canvas, view, striker, enabled: canAim && shot === null, onRelease });

  // The settled board: the stored coins, the striker, the aim.
  useEffect(() => {
    if (shot || frozen) return;
    const pieces = settledPieces(coins);
    if (striker) pieces.push({ id: 'striker', kind: 'striker', x: striker.x, y: striker.y, alpha: 1 });
    const guide = aim && striker ? { from: striker, angle: aim.angle, pull: aim.pull, strong: aim.strong } : null;
    paint({ pieces, aim: guide, activeBaseline: striker ? myColor : null }, null);
  }, [shot, frozen, coins, striker, aim, myColor, paint]);

  // A shot: one frame per display frame until every piece rests; its last frame stays until the stored board.
  const ends = useRef(onShotEnd);
  ends.current = onShotEnd;
  const painter = useRef(paint);
  painter.current = paint;
  const shotId = shot?.id ?? null;
  const playback = shot?.playback ?? null;
  useEffect(() => {
    if (shotId === null || !playback) return;
    let frame = 0;
    let active = true;
    const tick = (now: number) => {
      if (!active) return;
      playback.startedAt ??= now;
      const { pieces, step, finished } = playbackAt(playback, now - playback.startedAt);
      painter.current({ pieces, aim: null, activeBaseline: null }, step);
      if (finished) ends.current(shotId);
      else frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      active = false;
      cancelAnimationFrame(frame);
    };
  }, [shotId, playback]);

  return (
    <canvas
      ref={canvas}
      className={canAim && !shot ? 'carrom-board carrom-board--aimable' : 'carrom-board'}
      role="img"
      aria-label={label}
      data-testid="carrom-board"
      data-aiming={aim ? 'true' : 'false'}
      {...handlers}
    />
  );
}
