import {
  CARROM_BASELINE_Y,
  CARROM_BOARD_SIZE,
  CARROM_COIN_RADIUS,
  CARROM_MAX_PULL,
  CARROM_POCKET_RADIUS,
  CARROM_STRIKER_MAX_X,
  CARROM_STRIKER_MIN_X,
  CARROM_STRIKER_RADIUS,
  boardToScreen,
  boardUnits,
  type BoardPoint,
  type BoardProjection,
  type CarromColor,
  type ScreenPoint,
} from '../../../protocol/carrom.ts';
import { POCKETS } from '../../../rules/carrom/index.ts';
import type { DrawnPiece, PieceKind } from './shotAnimation.ts';

/**
 * Draws one frame of the board on a 2D context whose unit is a CSS pixel (the caller scales it by the
 * device pixel ratio). Every point goes through the protocol's boardToScreen, so black's board is the
 * same board turned 180°. A null context (no canvas support, as in jsdom) draws nothing.
 */

export interface AimGuide {
  from: BoardPoint;
  /** Board radians: where the striker would go. */
  angle: number;
  pull: number;
  /** Long enough to shoot. */
  strong: boolean;
}

export interface BoardScene {
  pieces: readonly DrawnPiece[];
  aim: AimGuide | null;
  /** The baseline to light up: the player's own, while they may place and shoot. */
  activeBaseline: CarromColor | null;
}

export interface Palette {
  accent: string;
}

const WOOD_FRAME = '#4a2f1b';
const WOOD_FRAME_EDGE = '#2e1c10';
const SURFACE = '#ecd3a0';
const SURFACE_EDGE = '#d9bb82';
const LINE = '#5a3a22';
const RED = '#b3372b';
const POCKET = '#140d08';
const WEAK = 'rgba(90, 58, 34, 0.55)';

const pieceColours: Record<PieceKind, { fill: string; ring: string; edge: string }> = {
  white: { fill: '#f6ecd6', ring: '#d7c6a2', edge: '#a8977a' },
  black: { fill: '#2a2a2e', ring: '#4a4a52', edge: '#0d0d10' },
  queen: { fill: '#c8283c', ring: '#ef6d7c', edge: '#7d1422' },
  striker: { fill: '#e9f1fb', ring: '#2f8cff', edge: '#7c93ad' },
};

const radiusOf = (kind: PieceKind) => (kind === 'striker' ? CARROM_STRIKER_RADIUS : CARROM_COIN_RADIUS);

export function paintBoard(ctx: CanvasRenderingContext2D | null, scene: BoardScene, view: BoardProjection, size: number, palette: Palette): void {
  if (!ctx) return;
  const at = (x: number, y: number): ScreenPoint => boardToScreen({ x: boardUnits(x), y: boardUnits(y) }, view);
  const len = (units: number) => units * view.scale;
  const disc = (x: number, y: number, r: number) => {
    const p = at(x, y);
    ctx.beginPath();
    ctx.arc(p.x, p.y, len(r), 0, Math.PI * 2);
  };
  const line = (x1: number, y1: number, x2: number, y2: number) => {
    const a = at(x1, y1);
    const b = at(x2, y2);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
  };

  ctx.clearRect(0, 0, size, size);
  // The frame, then the playing surface inside it.
  ctx.fillStyle = WOOD_FRAME;
  ctx.fillRect(0, 0, size, size);
  ctx.strokeStyle = WOOD_FRAME_EDGE;
  ctx.lineWidth = Math.max(1, len(2));
  ctx.strokeRect(ctx.lineWidth / 2, ctx.lineWidth / 2, size - ctx.lineWidth, size - ctx.lineWidth);
  const topLeft = at(0, 0);
  const bottomRight = at(CARROM_BOARD_SIZE, CARROM_BOARD_SIZE);
  const left = Math.min(topLeft.x, bottomRight.x);
  const top = Math.min(topLeft.y, bottomRight.y);
  ctx.fillStyle = SURFACE;
  ctx.fillRect(left, top, len(CARROM_BOARD_SIZE), len(CARROM_BOARD_SIZE));
  ctx.strokeStyle = SURFACE_EDGE;
  ctx.lineWidth = Math.max(1, len(1.5));
  ctx.strokeRect(left, top, len(CARROM_BOARD_SIZE), len(CARROM_BOARD_SIZE));

  paintMarkings(ctx, scene.activeBaseline, palette, { at, len, disc, line });

  for (const pocket of POCKETS) {
    disc(pocket.x, pocket.y, CARROM_POCKET_RADIUS);
    ctx.fillStyle = POCKET;
    ctx.fill();
    ctx.strokeStyle = WOOD_FRAME_EDGE;
    ctx.lineWidth = Math.max(1, len(1.5));
    ctx.stroke();
  }

  if (scene.aim) paintAim(ctx, scene.aim, palette, { at, len, disc, line });

  for (const piece of scene.pieces) {
    const colours = pieceColours[piece.kind];
    const r = radiusOf(piece.kind);
    ctx.globalAlpha = Math.max(0, Math.min(1, piece.alpha));
    // A soft shadow to the bottom right of the screen, whichever way the board is turned.
    const p = at(piece.x, piece.y);
    ctx.beginPath();
    ctx.arc(p.x + len(1.2), p.y + len(1.6), len(r), 0, Math.PI * 2);
    ctx.fillStyle = 'rgba(0, 0, 0, 0.22)';
    ctx.fill();
    disc(piece.x, piece.y, r);
    ctx.fillStyle = colours.fill;
    ctx.fill();
    ctx.strokeStyle = colours.edge;
    ctx.lineWidth = Math.max(1, len(1));
    ctx.stroke();
    disc(piece.x, piece.y, r * 0.62);
    ctx.strokeStyle = piece.kind === 'striker' ? palette.accent : colours.ring;
    ctx.lineWidth = Math.max(1, len(piece.kind === 'striker' ? 2 : 1.4));
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
}

interface Pen {
  at: (x: number, y: number) => ScreenPoint;
  len: (units: number) => number;
  disc: (x: number, y: number, r: number) => void;
  line: (x1: number, y1: number, x2: number, y2: number) => void;
}

/** The two players' baselines (top and bottom), the corner arrows, the centre circle. */
function paintMarkings(ctx: CanvasRenderingContext2D, active: CarromColor | null, palette: Palette, pen: Pen): void {
  const { len, disc, line } = pen;
  const half = CARROM_STRIKER_RADIUS;
  const low = CARROM_STRIKER_MIN_X;
  const high = CARROM_STRIKER_MAX_X;
  ctx.lineWidth = Math.max(1, len(1.2));
  for (const color of ['white', 'black'] as const) {
    const y = CARROM_BASELINE_Y[color];
    const lit = color === active;
    ctx.strokeStyle = lit ? palette.accent : LINE;
    ctx.lineWidth = Math.max(1, len(lit ? 2 : 1.2));
    line(low, y - half, high, y - half);
    line(low, y + half, high, y + half);
    for (const x of [low, high]) {
      disc(x, y, half);
      ctx.fillStyle = RED;
      ctx.globalAlpha = 0.85;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.stroke();
    }
  }
  // Arrows from the corners toward the centre.
  ctx.strokeStyle = LINE;
  ctx.lineWidth = Math.max(1, len(1));
  for (const [sx, sy] of [
    [1, 1],
    [-1, 1],
    [1, -1],
    [-1, -1],
  ] as const) {
    const from = (d: number) => [sx > 0 ? d : CARROM_BOARD_SIZE - d, sy > 0 ? d : CARROM_BOARD_SIZE - d] as const;
    // Clear of the baselines' end circles, between the baseline and the centre.
    const [x1, y1] = from(74);
    const [x2, y2] = from(99);
    line(x1, y1, x2, y2);
    const [cx, cy] = from(105);
    disc(cx, cy, 6);
    ctx.stroke();
  }
  const centre = CARROM_BOARD_SIZE / 2;
  disc(centre, centre, 44);
  ctx.strokeStyle = LINE;
  ctx.lineWidth = Math.max(1, len(1.4));
  ctx.stroke();
  disc(centre, centre, 13);
  ctx.strokeStyle = RED;
  ctx.stroke();
}

/** The guide: a dashed line where the striker will go, longer with the pull; the pull itself behind it. */
function paintAim(ctx: CanvasRenderingContext2D, aim: AimGuide, palette: Palette, pen: Pen): void {
  const { at, len, disc } = pen;
  const dx = Math.cos(aim.angle);
  const dy = Math.sin(aim.angle);
  const reach = CARROM_STRIKER_RADIUS + 30 + aim.pull * 2.5;
  const colour = aim.strong ? palette.accent : WEAK;
  const from = at(aim.from.x + dx * CARROM_STRIKER_RADIUS, aim.from.y + dy * CARROM_STRIKER_RADIUS);
  const to = at(aim.from.x + dx * reach, aim.from.y + dy * reach);
  ctx.save();
  ctx.strokeStyle = colour;
  ctx.lineWidth = Math.max(1.5, len(2));
  ctx.setLineDash([len(6), len(4)]);
  ctx.beginPath();
  ctx.moveTo(from.x, from.y);
  ctx.lineTo(to.x, to.y);
  ctx.stroke();
  ctx.setLineDash([]);
  // The band pulled back behind the striker.
  const back = at(aim.from.x - dx * (CARROM_STRIKER_RADIUS + aim.pull), aim.from.y - dy * (CARROM_STRIKER_RADIUS + aim.pull));
  const start = at(aim.from.x - dx * CARROM_STRIKER_RADIUS, aim.from.y - dy * CARROM_STRIKER_RADIUS);
  ctx.globalAlpha = 0.6;
  ctx.lineWidth = Math.max(2, len(3));
  ctx.beginPath();
  ctx.moveTo(start.x, start.y);
  ctx.lineTo(back.x, back.y);
  ctx.stroke();
  ctx.globalAlpha = 1;
  // The power ring round the striker: full at the longest pull.
  const centre = at(aim.from.x, aim.from.y);
  const share = aim.pull / CARROM_MAX_PULL;
  ctx.lineWidth = Math.max(2, len(2.5));
  ctx.beginPath();
  ctx.arc(centre.x, centre.y, len(CARROM_STRIKER_RADIUS + 5), -Math.PI / 2, -Math.PI / 2 + share * Math.PI * 2);
  ctx.stroke();
  disc(aim.from.x, aim.from.y, CARROM_STRIKER_RADIUS + 5);
  ctx.globalAlpha = 0.2;
  ctx.stroke();
  ctx.restore();
}
