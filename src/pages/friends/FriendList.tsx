import type { Friend } from '../../../protocol/growth.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { formatUsdt } from '../../ui/formatUsdt.ts';

interface FriendListProps {
  /** Null until GET /api/friends answers. */
  friends: readonly Friend[] | null;
  /** Still asking (a failure is only logged: the list then stays empty, spec §8). */
  loading: boolean;
  /** The server's one line on what makes a friend count toward Invite 20 friends; null until it answers. */
  qualifyRule: string | null;
}

/**
 * The friends who joined through the player's link, newest first, with what each has earned them and
 * whether they count toward Invite 20 friends yet, under the server's rule for what counts.
 */
export function FriendList({ friends, loading, qualifyRule }: FriendListProps) {
  return (
    <section className="friends__list" aria-labelledby="friends-title">
      <h2 id="friends-title" className="friends__title">
        Your friends
        {friends && friends.length > 0 && <span className="friends__count">{friends.length}</span>}
      </h2>
      {qualifyRule && (
        <p className="muted friends__rule" data-testid="qualify-rule">
          {qualifyRule}
        </p>
      )}
      {loading && <p className="muted">Loading...</p>}
      {friends?.length === 0 && <p className="muted">No friends yet. Share your link: you earn from every game they win.</p>}
      {friends && friends.length > 0 && (
        <ul className="friend-list">
          {friends.map((friend) => (
            <li key={friend._id} className="friend" data-testid="friend">
              <Avatar nickname={friend.username} photoUrl={friend.avatarUrl} size={40} />
              <span className="friend__who">
                <span className="friend__name">{friend.username}</span>
                <span
                  className={friend.qualified ? 'friend__tag friend__tag--counts' : 'friend__tag'}
                  data-testid="friend-qualified"
                >
                  {friend.qualified ? 'Counts' : 'Not yet'}
                </span>
              </span>
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
