import { DownloadButton } from './DownloadButton.tsx';
import { downloadGameLog } from './downloadGameLog.ts';

/** A game's log as a .txt (completed games, a player's risk view); a failure is logged, not shown. */
export function DownloadLogButton({ gameId }: { gameId: string }) {
  return <DownloadButton what="Log" gameId={gameId} download={downloadGameLog} />;
}
