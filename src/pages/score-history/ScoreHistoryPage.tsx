import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /score-history: the frame of a feature that arrives in a later release. */
export function ScoreHistoryPage() {
  return (
    <ComingSoon
      title="Score History"
      description="How your score moved with every game, with your wins, losses and total games."
    />
  );
}
