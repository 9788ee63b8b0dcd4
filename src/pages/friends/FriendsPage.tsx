import { ComingSoon } from '../../ui/ComingSoon.tsx';

/** /friends: the frame of a feature that arrives in a later release. */
export function FriendsPage() {
  return (
    <ComingSoon
      title="Friends"
      description="Invite friends with your personal link and earn 3.5% of their winnings, then claim your rewards here."
    />
  );
}
