import { fetchGameProof } from '../../api/gameProof.ts';
import { saveFile } from '../../ui/download.ts';
import { DownloadButton } from './DownloadButton.tsx';

export const proofText = { failed: 'Failed to download game proof' } as const;

/** Saves a finished game's proof as .json; a failure is logged, as the log's is. */
async function downloadGameProof(gameId: string): Promise<void> {
  try {
    const proof = await fetchGameProof(gameId);
    saveFile(new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' }), `game-proof-${gameId}.json`);
  } catch (error) {
    console.error(proofText.failed, error);
  }
}

/**
 * A finished game's proof beside its log: what a player's Verify page checks, for an operator to check
 * (`npm run verify -- <file>`) or hand over.
 */
export function DownloadProofButton({ gameId }: { gameId: string }) {
  return <DownloadButton what="Proof" gameId={gameId} download={downloadGameProof} />;
}
