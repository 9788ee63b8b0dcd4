import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { PlayedGameRecord } from '../../../protocol/game.ts';
import { messageOf } from '../../api/http.ts';
import { usePlayedGamesHistory } from '../../api/playedGamesHistory.ts';
import { session } from '../../app/session.ts';
import { formatDate } from '../../ui/formatDate.ts';
import { FormError } from '../../ui/FormError.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { StakeAmount } from '../../ui/StakeAmount.tsx';
import '../../ui/history.css';

const gameHistoryErrors = { failed: 'Failed to fetch game history', error: 'Error fetching game history' };

/** How a game ended, from this player's side of the record. */
function endReasonText(record: Pick<PlayedGameRecord, 'endReason' | 'result'>): string {
  switch (record.endReason) {
    case 'opponent-left':
      return record.result === 'win' ? 'Opponent left' : 'You left';
    case 'timeout':
      return record.result === 'win' ? 'Opponent timed out' : 'Timed out';
    case 'canceled':
      return 'Canceled';
    default:
      return 'Played to the end';
  }
}

/** /played-games-history: every game the player finished (spec §2, §3 Played game record). */
export function PlayedGamesHistoryPage() {
  const { user } = useSnapshot(session);
  const history = usePlayedGamesHistory(user?._id ?? '');
  const games = history.data?.games ?? [];
  return (
    <PageFrame title="Played Games">
      {history.isPending && <p className="muted">Loading...</p>}
      <FormError message={history.error ? messageOf(history.error, gameHistoryErrors) : null} />
      {history.isSuccess && games.length === 0 && <p className="muted">No games played yet.</p>}
      <ul className="history-list">
        {games.map((record) => (
          <li key={record._id} className="history-item" data-testid="played-game">
            <div className="history-item__head">
              <span className="history-item__title">{record.gameName}</span>
              <span className={`result-badge result-badge--${record.result}`}>{record.result === 'win' ? 'Win' : 'Lose'}</span>
            </div>
            <dl className="history-item__facts">
              <div>
                <dt>Bet</dt>
                <dd>
                  <StakeAmount amount={record.bet} free={record.bet === 0} />
                </dd>
              </div>
              <div>
                <dt>Opponent</dt>
                <dd>{record.opponentUsername}</dd>
              </div>
              <div>
                <dt>Score</dt>
                <dd>
                  {record.userScore} : {record.opponentScore}
                </dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>{formatDate(record.date)}</dd>
              </div>
              <div>
                <dt>Ended</dt>
                <dd>{endReasonText(record)}</dd>
              </div>
            </dl>
            <Link className="history-item__verify" to={`/verify/${encodeURIComponent(record.gameId)}`}>
              Verify
            </Link>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
