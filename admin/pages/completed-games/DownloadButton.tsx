import { useState } from 'react';
import { useCan } from '../../operator.ts';

interface DownloadButtonProps {
  /** 'Log', 'Proof': the button says "Download Log", and is named for its game. */
  what: string;
  gameId: string;
  /** Fetches and saves the file; reports its own failures (the page shows nothing). */
  download: (gameId: string) => Promise<void>;
}

/** One of a game's downloads (completed games, a player's risk view): busy while it runs. */
export function DownloadButton({ what, gameId, download }: DownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  // A game's log and proof are for the roles that handle games.
  if (!useCan('games')) return null;
  return (
    <button
      className="button button--secondary button--small"
      type="button"
      disabled={busy}
      aria-label={`Download ${what} of game ${gameId}`}
      onClick={() => {
        setBusy(true);
        void download(gameId).finally(() => setBusy(false));
      }}
    >
      Download {what}
    </button>
  );
}
