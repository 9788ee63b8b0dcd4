import { Caption, CircularProgress, Text } from '@telegram-apps/telegram-ui';

interface StatCircleProps {
  /** What it counts, in the player's language. */
  label: string;
  /** The test id's name, the same in every language: wins, losses, total-games. */
  id: string;
  /** How much of the ring is filled, 0–100. */
  percent: number;
  /** The big text under the ring. */
  value: string;
  /** A count after the label. */
  detail?: string;
  tone: 'win' | 'lose' | 'total';
}

/** One of the score history's three circles: telegram-ui's ring filled to `percent`, the figure and what it counts. */
export function StatCircle({ label, id, percent, value, detail, tone }: StatCircleProps) {
  return (
    <figure className={`stat-circle stat-circle--${tone}`} data-testid={`circle-${id}`}>
      <span className="stat-circle__ring" aria-hidden="true">
        <CircularProgress size="large" progress={Math.min(100, Math.max(0, percent))} />
      </span>
      <Text weight="1" className="stat-circle__value">
        {value}
      </Text>
      <Caption Component="figcaption" className="stat-circle__label">
        {label}
        {detail !== undefined && <span className="stat-circle__detail"> ({detail})</span>}
      </Caption>
    </figure>
  );
}
