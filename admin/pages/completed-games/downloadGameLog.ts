import { fetchGameLog } from '../../api/gameLog.ts';
import { saveFile } from '../../ui/download.ts';

export const logText = { noData: 'No log data available', failed: 'Failed to download game log' } as const;

/**
 * Spec §5, §8: the log is saved as a .txt only when it is a non-empty array; otherwise, and on a
 * failure, the reason is logged (the page shows nothing).
 */
export async function downloadGameLog(gameId: string): Promise<void> {
  let lines: unknown;
  try {
    lines = await fetchGameLog(gameId);
  } catch (error) {
    console.error(logText.failed, error);
    return;
  }
  if (!Array.isArray(lines) || lines.length === 0) {
    console.warn(logText.noData, gameId);
    return;
  }
  const text = lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');
  saveFile(new Blob([`${text}\n`], { type: 'text/plain;charset=utf-8' }), `game-log-${gameId}.txt`);
}
