import { useState } from 'react';
import { downloadGameLog } from './downloadGameLog.ts';

/** A game's log as a .txt (completed games, a player's risk view); a failure is logged, not shown. */
export function DownloadLogButton({ gameId }: { gameId: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      className="button button--secondary button--small"
      type="button"
      disabled={busy}
      aria-label={`Download Log of game ${gameId}`}
      onClick={() => {
        setBusy(true);
        void downloadGameLog(gameId).finally(() => setBusy(false));
      }}
    >
      Download Log
    </button>
  );
}
