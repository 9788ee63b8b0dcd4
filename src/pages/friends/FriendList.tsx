import type { Friend } from '../../../protocol/growth.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { formatUsdt } from '../../ui/formatUsdt.ts';

interface FriendListProps {
  /** Null until GET /api/friends answers. */
  friends: readonly Friend[] | null;
  /** Still asking (a failure is only logged: the list then stays empty, spec §8). */
  loading: boolean;
}

/** The friends who joined through the player's link, newest first, with what each has earned them. */
export function FriendList({ friends, loading }: FriendListProps) {
  return (
    <section className="friends__list" aria-labelledby="friends-title">
      <h2 id="friends-title" className="friends__title">
        Your friends
        {friends && friends.length > 0 && <span className="friends__count">{friends.length}</span>}
      </h2>
      {loading && <p className="muted">Loading...</p>}
      {friends?.length === 0 && <p className="muted">No friends yet. Share your link: you earn from every game they win.</p>}
      {friends && friends.length > 0 && (
        <ul className="friend-list">
          {friends.map((friend) => (
            <li key={friend._id} className="friend" data-testid="friend">
              <Avatar nickname={friend.username} photoUrl={friend.avatarUrl} size={40} />
              <span className="friend__name">{friend.username}</span>
              <span className="friend__earnings">
                <span className="friend__amount">${formatUsdt(friend.earnings)}</span>
                <span className="friend__label">earned</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
