import { useState } from 'react';
import { fetchGameProof } from '../../api/gameProof.ts';
import { saveFile } from '../../ui/download.ts';

export const proofText = { failed: 'Failed to download game proof' } as const;

/**
 * A finished game's proof as .json, beside its log: what a player's Verify page checks, for an operator
 * to check (`npm run verify -- <file>`) or hand over. A failure is logged, as the log's is.
 */
export function DownloadProofButton({ gameId }: { gameId: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      className="button button--secondary button--small"
      type="button"
      disabled={busy}
      aria-label={`Download Proof of game ${gameId}`}
      onClick={() => {
        setBusy(true);
        fetchGameProof(gameId)
          .then((proof) => saveFile(new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' }), `game-proof-${gameId}.json`))
          .catch((error: unknown) => console.error(proofText.failed, error))
          .finally(() => setBusy(false));
      }}
    >
      Download Proof
    </button>
  );
}
