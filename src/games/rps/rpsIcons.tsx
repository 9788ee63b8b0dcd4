import type { RpsChoice } from '../../../protocol/rps.ts';

/** The three hands, drawn rather than emoji so they look the same on every device. */
const paths: Record<RpsChoice, string> = {
  rock: 'M7 11V8.5a1.5 1.5 0 0 1 3 0V8a1.5 1.5 0 0 1 3 0v.5a1.5 1.5 0 0 1 3 0V10a1.5 1.5 0 0 1 3 0v4a6 6 0 0 1-6 6h-1.5A5.5 5.5 0 0 1 6 14.5V13a2 2 0 0 1 1-2Z',
  paper:
    'M8 12V5.5a1.5 1.5 0 0 1 3 0V11m0-6.5a1.5 1.5 0 0 1 3 0V11m0-5a1.5 1.5 0 0 1 3 0v5m0-3a1.5 1.5 0 0 1 3 0v6a7 7 0 0 1-7 7h-1a6 6 0 0 1-5-2.7L4.3 13a1.5 1.5 0 0 1 2.4-1.8L8 13',
  scissors: 'M9 12.5 5 4.5M12 11.5 15 3M8 13v-1a1.5 1.5 0 0 1 3 0m0 0a1.5 1.5 0 0 1 3 0v1m0-.5a1.5 1.5 0 0 1 3 0V15a6 6 0 0 1-6 6h-.5A5.5 5.5 0 0 1 5 15.5V14a2 2 0 0 1 3-1.7',
};

export function HandIcon({ choice, size = 40 }: { choice: RpsChoice; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[choice]} />
    </svg>
  );
}
