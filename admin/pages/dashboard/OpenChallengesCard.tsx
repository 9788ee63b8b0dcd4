import { useOpenChallenges } from '../../api/openChallenges.ts';
import { adminGameNames, formatAdminDate, formatBet } from '../../format.ts';

/**
 * The challenges open now (issue 36): who challenges, at what and for how much, sent into a chat or to one
 * friend, and until when. Their bets are in escrow, as a queue's are.
 */
export function OpenChallengesCard() {
  const open = useOpenChallenges();
  const challenges = open.data?.challenges ?? [];
  return (
    <article className="card admin-card" aria-labelledby="challenges-title">
      <h2 id="challenges-title">Open Challenges</h2>
      {open.isPending && <p className="muted">Loading...</p>}
      {open.isError && (
        <p className="form-error" role="alert">
          Failed to fetch open challenges
        </p>
      )}
      {open.isSuccess && challenges.length === 0 && <p className="muted">No open challenges.</p>}
      {challenges.length > 0 && (
        <table className="admin-table admin-table--compact">
          <thead>
            <tr>
              <th scope="col">Challenger</th>
              <th scope="col">Game</th>
              <th scope="col">Bet</th>
              <th scope="col">Sent to</th>
              <th scope="col">Expires</th>
            </tr>
          </thead>
          <tbody>
            {challenges.map((challenge) => (
              <tr key={challenge.code} data-testid="open-challenge">
                <td>{challenge.challenger}</td>
                <td>{adminGameNames[challenge.gameMode]}</td>
                <td>{formatBet(challenge.betAmount)}</td>
                <td>{challenge.forFriend ? 'A friend' : 'A chat'}</td>
                <td className="admin-number">{formatAdminDate(challenge.expiresAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </article>
  );
}
