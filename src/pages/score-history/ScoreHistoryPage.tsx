import { useSnapshot } from 'valtio';
import { messageOf } from '../../api/http.ts';
import { useScoreHistory } from '../../api/scoreHistory.ts';
import { useStatistics } from '../../api/statistics.ts';
import { session } from '../../app/session.ts';
import { formatDate } from '../../ui/formatDate.ts';
import { FormError } from '../../ui/FormError.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { StatCircle } from './StatCircle.tsx';
import '../../ui/history.css';

const scoreHistoryErrors = { failed: 'Failed to fetch game history', error: 'Error fetching game history' };

const percentOf = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

/** /score-history: the player, their score, wins/losses/total as circles, and every score change. */
export function ScoreHistoryPage() {
  const { user } = useSnapshot(session);
  const history = useScoreHistory();
  const statistics = useStatistics();
  const records = history.data?.records ?? [];
  const { wins = 0, losses = 0, totalGames = 0 } = statistics.data ?? {};
  if (!user) return null;
  return (
    <PageFrame title="Score History">
      <div className="score-summary card">
        <p className="score-summary__name" data-testid="score-history-name">
          {user.nickname}
        </p>
        <p className="score-summary__score">
          Score <strong data-testid="current-score">{user.score}</strong>
        </p>
        <div className="stat-circles">
          <StatCircle label="Wins" percent={percentOf(wins, totalGames)} detail={String(wins)} tone="win" />
          <StatCircle label="Losses" percent={percentOf(losses, totalGames)} detail={String(losses)} tone="lose" />
          <StatCircle label="Total games" percent={totalGames > 0 ? 100 : 0} value={String(totalGames)} tone="total" />
        </div>
      </div>
      {history.isPending && <p className="muted">Loading...</p>}
      <FormError message={history.error ? messageOf(history.error, scoreHistoryErrors) : null} />
      {history.isSuccess && records.length === 0 && <p className="muted">No score history available.</p>}
      <ul className="history-list">
        {records.map((record, index) => (
          <li key={`${record.date}-${index}`} className="history-item history-item--row" data-testid="score-record">
            <span className={`result-badge result-badge--${record.result}`}>{record.result === 'win' ? 'Win' : 'Lose'}</span>
            <span className="history-item__date">{formatDate(record.date)}</span>
            <span className="history-item__score">
              {record.score}
              {typeof record.change === 'number' && record.change !== 0 && (
                <span className={record.change > 0 ? 'score-change score-change--up' : 'score-change score-change--down'}>
                  {record.change > 0 ? `+${record.change}` : record.change}
                </span>
              )}
            </span>
          </li>
        ))}
      </ul>
    </PageFrame>
  );
}
