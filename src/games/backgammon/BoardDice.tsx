import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_HEIGHT, BOARD_WIDTH, DICE_CENTRES, DIE_SIZE, FIELDS } from './boardLayout.ts';

/** Pip centres of each face on a 100 × 100 die. */
const PIPS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[50, 50]],
  2: [
    [28, 28],
    [72, 72],
  ],
  3: [
    [26, 26],
    [50, 50],
    [74, 74],
  ],
  4: [
    [28, 28],
    [72, 28],
    [28, 72],
    [72, 72],
  ],
  5: [
    [26, 26],
    [74, 26],
    [50, 50],
    [26, 74],
    [74, 74],
  ],
  6: [
    [28, 24],
    [72, 24],
    [28, 50],
    [72, 50],
    [28, 76],
    [72, 76],
  ],
};

export function Die({ value, used = false }: { value: number; used?: boolean }) {
  const { t } = useTranslation();
  return (
    <svg
      className={used ? 'bg-die bg-die--used' : 'bg-die'}
      viewBox="0 0 100 100"
      role="img"
      aria-label={used ? t('backgammon.usedDie', { value }) : String(value)}
      data-testid="die"
      data-value={value}
      data-used={used}
    >
      <rect className="bg-die__face" x="3" y="3" width="94" height="94" rx="18" />
      {(PIPS[value] ?? []).map(([cx, cy]) => (
        <circle key={`${cx}-${cy}`} className="bg-die__pip" cx={cx} cy={cy} r="9" />
      ))}
    </svg>
  );
}

export interface ShownDice {
  values: readonly number[];
  /** Per value: already played by a pending step. */
  used?: readonly boolean[];
  /** Tumbling in (a new roll). */
  rolling: boolean;
  /** Changes with each roll, so the tumble plays again for a repeated throw. */
  rollKey: string;
}

/** The dice in the middle of the board: the viewer's in the right half, the opponent's in the left. */
export function BoardDice({ mine, opponent }: { mine: ShownDice | null; opponent: ShownDice | null }) {
  return (
    <>
      {mine && <DiceGroup dice={mine} side="mine" />}
      {opponent && <DiceGroup dice={opponent} side="opponent" />}
    </>
  );
}

function DiceGroup({ dice, side }: { dice: ShownDice; side: 'mine' | 'opponent' }) {
  const { t } = useTranslation();
  const centre = DICE_CENTRES[side];
  const field = FIELDS[side === 'mine' ? 1 : 0];
  const width = field.right - field.left;
  const style: CSSProperties = {
    left: `${(field.left / BOARD_WIDTH) * 100}%`,
    top: `${((centre.y - DIE_SIZE / 2) / BOARD_HEIGHT) * 100}%`,
    width: `${(width / BOARD_WIDTH) * 100}%`,
    height: `${(DIE_SIZE / BOARD_HEIGHT) * 100}%`,
  };
  return (
    <div
      key={dice.rollKey}
      className={dice.rolling ? `bg-dice bg-dice--${side} bg-dice--rolling` : `bg-dice bg-dice--${side}`}
      style={style}
      role="group"
      aria-label={side === 'mine' ? t('backgammon.myDice') : t('backgammon.opponentDice')}
      data-testid={`dice-${side}`}
    >
      {dice.values.map((value, index) => (
        <Die key={index} value={value} used={dice.used?.[index] ?? false} />
      ))}
    </div>
  );
}
