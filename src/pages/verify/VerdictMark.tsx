/** The verdict at a glance, before its words: a tick in a green disc, or a cross in a red one. */
export function VerdictMark({ holds }: { holds: boolean }) {
  return (
    <svg
      className={`verdict-mark verdict-mark--${holds ? 'holds' : 'fails'}`}
      width="40"
      height="40"
      viewBox="0 0 40 40"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="20" cy="20" r="20" />
      <path d={holds ? 'M12 20.5l5.5 5.5L28.5 14' : 'M14 14l12 12M26 14L14 26'} fill="none" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
