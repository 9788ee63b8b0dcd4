import { ComingSoon } from '../../src/ui/ComingSoon.tsx';

export function CompletedGamesPage() {
  return (
    <ComingSoon
      title="Completed Games"
      description="Every finished game with its players, scores, winner, bet and duration, searchable by game id or player, with the game log to download."
      backTo="/admin/dashboard"
      backLabel="Back to Dashboard"
    />
  );
}
