interface StatCircleProps {
  label: string;
  /** How much of the ring is filled, 0–100. */
  percent: number;
  /** The big text inside; the percentage when not given. */
  value?: string;
  /** A count under the percentage. */
  detail?: string;
  tone: 'win' | 'lose' | 'total';
}

const RADIUS = 34;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** One of the score history's three circles: a ring filled to `percent` with the figures inside. */
export function StatCircle({ label, percent, value, detail, tone }: StatCircleProps) {
  const filled = (Math.min(100, Math.max(0, percent)) / 100) * CIRCUMFERENCE;
  return (
    <figure className={`stat-circle stat-circle--${tone}`} data-testid={`circle-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <div className="stat-circle__ring">
        <svg viewBox="0 0 80 80" aria-hidden="true" focusable="false">
          <circle className="stat-circle__track" cx="40" cy="40" r={RADIUS} />
          {/* A round cap on an empty arc would still draw a dot. */}
          {filled > 0 && (
            <circle
              className="stat-circle__fill"
              cx="40"
              cy="40"
              r={RADIUS}
              strokeDasharray={`${filled} ${CIRCUMFERENCE}`}
              transform="rotate(-90 40 40)"
            />
          )}
        </svg>
        <span className="stat-circle__value">{value ?? `${percent}%`}</span>
      </div>
      <figcaption>
        {label}
        {detail !== undefined && <span className="stat-circle__detail"> ({detail})</span>}
      </figcaption>
    </figure>
  );
}
