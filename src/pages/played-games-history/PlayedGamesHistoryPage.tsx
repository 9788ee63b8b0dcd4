import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /played-games-history: the frame of a feature that arrives in a later release. */
export function PlayedGamesHistoryPage() {
  return (
    <ComingSoon
      title="Played Games"
      description="Every game you played: the game, the bet, win or lose, your opponent, the scores and how it ended."
    />
  );
}
