import { memo, useEffect, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackgammonColor, BackgammonSlot } from '../../../protocol/backgammon.ts';
import { barOf, trayOf } from '../../../rules/backgammon/board.ts';
import type { CheckerColors, SlotIds } from './boardModel.ts';
import {
  BAR,
  BOARD_HEIGHT,
  BOARD_WIDTH,
  CHECKER_RADIUS,
  checkerSpot,
  FIELDS,
  FIELD_BOTTOM,
  FIELD_TOP,
  isBar,
  isFlipped,
  isTray,
  percentBox,
  slotPlace,
  STACK_CAP,
  tapArea,
  TRAY,
  TRAY_SLAB_SCALE,
  trianglePath,
  type SlotPlace,
} from './boardLayout.ts';
import './board.css';

interface BackgammonBoardProps {
  /** The view's slots: where each one sits (x, y). */
  board: readonly BackgammonSlot[];
  /** The checkers to draw where: the server's board, a replay frame, or ours with the pending steps. */
  slots: SlotIds;
  colors: CheckerColors;
  viewer: BackgammonColor;
  /** Slots whose top checker may move next (our turn, nothing animating). */
  movable: ReadonlySet<number>;
  selected: number | null;
  /** Where the picked-up checker may go. */
  targets: ReadonlySet<number>;
  onTap: (point: number) => void;
  /** Laid over the board: the dice. */
  children?: ReactNode;
}

/** The viewer's own number of a point (1 = the last point before home is left, as on a real board). */
const ownNumber = (point: number, viewer: BackgammonColor) => (viewer === 'white' ? point : 25 - point);

/**
 * The board (spec §2 Backgammon screen) in the fixed 1000 × 800 viewBox: an SVG surface, the 30
 * checkers as elements that slide by CSS transform when their slot changes, SVG layers of hints under and
 * over them, and a transparent button per slot the viewer may tap. Render only: every decision is made by
 * the caller.
 */
export function BackgammonBoard({ board, slots, colors, viewer, movable, selected, targets, onTap, children }: BackgammonBoardProps) {
  const { t } = useTranslation();
  const flipped = isFlipped(viewer);
  const places = useMemo(() => {
    const byPoint: SlotPlace[] = [];
    for (const slot of board) byPoint[slot.point] = slotPlace(slot, flipped);
    return byPoint;
  }, [board, flipped]);
  const checkerIds = useMemo(() => Object.keys(colors).sort(), [colors]);
  const where = useMemo(() => {
    const map = new Map<string, { point: number; index: number }>();
    slots.forEach((ids, point) => ids.forEach((id, index) => map.set(id, { point, index })));
    return map;
  }, [slots]);
  const moving = useMovedCheckers(where);
  const tappable = places.filter((place) => place.point <= 24 || place.point === barOf(viewer) || place.point === trayOf(viewer));

  return (
    <div className="bg-board" data-testid="backgammon-board" data-viewer={viewer}>
      <BoardSurface places={places} />
      <svg className="bg-board__under" viewBox={`0 0 ${BOARD_WIDTH} ${BOARD_HEIGHT}`} aria-hidden="true" focusable="false">
        {[...targets].map((point) => {
          const place = places[point];
          return place && !isTray(point) ? <path key={point} className="bg-hint__point" d={trianglePath(place)} /> : null;
        })}
      </svg>
      <div className="bg-board__checkers">
        {checkerIds.map((id) => {
          const at = where.get(id);
          const place = at ? places[at.point] : undefined;
          if (!at || !place) return null;
          const spot = checkerSpot(place, at.index);
          const style = {
            '--x': spot.x,
            '--y': spot.y,
            '--s': isTray(at.point) ? TRAY_SLAB_SCALE : 1,
            zIndex: moving.has(id) ? 40 : 1 + Math.min(at.index, STACK_CAP),
          } as CSSProperties;
          return (
            <div
              key={id}
              className={`bg-checker bg-checker--${colors[id] ?? 'white'}`}
              style={style}
              data-testid="checker"
              data-checker-id={id}
              data-color={colors[id]}
              data-point={at.point}
            />
          );
        })}
      </div>
      <BoardHints places={places} slots={slots} colors={colors} viewer={viewer} movable={movable} selected={selected} targets={targets} />
      {children}
      <div className="bg-board__zones">
        {tappable.map((place) => {
          const state = place.point === selected ? 'selected' : targets.has(place.point) ? 'target' : movable.has(place.point) ? 'movable' : undefined;
          const name = isBar(place.point)
            ? t('backgammon.bar')
            : isTray(place.point)
              ? t('backgammon.bearOff')
              : t('backgammon.point', { number: ownNumber(place.point, viewer) });
          return (
            <button
              key={place.point}
              type="button"
              className="bg-zone"
              style={percentBox(tapArea(place))}
              aria-label={name}
              aria-pressed={place.point === selected}
              data-testid={`slot-${place.point}`}
              data-state={state}
              onClick={() => onTap(place.point)}
            />
          );
        })}
      </div>
    </div>
  );
}

/** The checkers whose slot changed since the board last changed: drawn above the rest while they slide. */
function useMovedCheckers(where: ReadonlyMap<string, { point: number }>): ReadonlySet<string> {
  const previous = useRef<ReadonlyMap<string, { point: number }> | null>(null);
  const moved = useMemo(() => {
    const set = new Set<string>();
    const before = previous.current;
    if (before) for (const [id, { point }] of where) if (before.get(id)?.point !== point) set.add(id);
    return set;
  }, [where]);
  useEffect(() => {
    previous.current = where;
  }, [where]);
  return moved;
}

/** Frame, felt, the 24 triangles, the bar and the trays: drawn once per orientation. */
const BoardSurface = memo(function BoardSurface({ places }: { places: readonly SlotPlace[] }) {
  return (
    <svg className="bg-board__surface" viewBox={`0 0 ${BOARD_WIDTH} ${BOARD_HEIGHT}`} aria-hidden="true" focusable="false">
      <rect className="bg-surface__frame" x="0" y="0" width={BOARD_WIDTH} height={BOARD_HEIGHT} rx="26" />
      {FIELDS.map((field) => (
        <rect key={field.left} className="bg-surface__felt" x={field.left} y={FIELD_TOP} width={field.right - field.left} height={FIELD_BOTTOM - FIELD_TOP} rx="6" />
      ))}
      <rect className="bg-surface__bar" x={BAR.left} y="0" width={BAR.right - BAR.left} height={BOARD_HEIGHT} />
      <rect className="bg-surface__tray" x={TRAY.left} y={FIELD_TOP} width={TRAY.right - TRAY.left} height={BOARD_HEIGHT / 2 - FIELD_TOP - 6} rx="8" />
      <rect className="bg-surface__tray" x={TRAY.left} y={BOARD_HEIGHT / 2 + 6} width={TRAY.right - TRAY.left} height={FIELD_BOTTOM - BOARD_HEIGHT / 2 - 6} rx="8" />
      {places
        .filter((place) => place.point <= 24)
        .map((place) => (
          <path key={place.point} className={place.point % 2 === 0 ? 'bg-surface__point bg-surface__point--dark' : 'bg-surface__point'} d={trianglePath(place)} />
        ))}
    </svg>
  );
});

interface BoardHintsProps {
  places: readonly SlotPlace[];
  slots: SlotIds;
  colors: CheckerColors;
  viewer: BackgammonColor;
  movable: ReadonlySet<number>;
  selected: number | null;
  targets: ReadonlySet<number>;
}

/** Over the checkers: the counts of tall stacks, rings on the checkers that may move, where a move lands. */
function BoardHints({ places, slots, colors, viewer, movable, selected, targets }: BoardHintsProps) {
  const top = (point: number) => {
    const place = places[point];
    const count = slots[point]?.length ?? 0;
    return place && count > 0 ? checkerSpot(place, count - 1) : null;
  };
  return (
    <svg className="bg-board__hints" viewBox={`0 0 ${BOARD_WIDTH} ${BOARD_HEIGHT}`} aria-hidden="true" focusable="false">
      {[...targets].map((point) => {
        const place = places[point];
        if (!place) return null;
        if (isTray(point)) {
          const area = tapArea(place);
          return <rect key={point} className="bg-hint__tray" x={area.x + 4} y={area.y + 4} width={area.width - 8} height={area.height - 8} rx="8" />;
        }
        const ids = slots[point] ?? [];
        const [first] = ids;
        // A lone opposing checker is hit: ours lands at the bottom of the point.
        const landing = ids.length === 1 && first !== undefined && colors[first] !== viewer ? 0 : ids.length;
        const spot = checkerSpot(place, landing);
        return (
          <circle key={point} className="bg-hint__landing" cx={spot.x} cy={spot.y} r={CHECKER_RADIUS - 4} data-testid="target-hint" />
        );
      })}
      {[...movable].map((point) => {
        const spot = top(point);
        if (!spot) return null;
        const className = point === selected ? 'bg-hint__ring bg-hint__ring--selected' : 'bg-hint__ring';
        return <circle key={point} className={className} cx={spot.x} cy={spot.y} r={CHECKER_RADIUS + 1} />;
      })}
      {slots.map((ids, point) => {
        const place = places[point];
        const [first] = ids;
        if (!place || isTray(point) || ids.length <= STACK_CAP || first === undefined) return null;
        const spot = checkerSpot(place, STACK_CAP - 1);
        return (
          <text key={point} className={`bg-hint__count bg-hint__count--on-${colors[first] ?? 'white'}`} x={spot.x} y={spot.y} data-testid="stack-count">
            {ids.length}
          </text>
        );
      })}
    </svg>
  );
}
