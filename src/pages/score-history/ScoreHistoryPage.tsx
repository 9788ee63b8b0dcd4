import { Avatar, Cell, List, Placeholder, Section, Spinner } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { ScoreHistoryRecord } from '../../../protocol/game.ts';
import { messageOf } from '../../api/http.ts';
import { useScoreHistory } from '../../api/scoreHistory.ts';
import { useStatistics } from '../../api/statistics.ts';
import { session } from '../../app/session.ts';
import { formatDateTime, formatNumber, formatPercent } from '../../i18n/format.ts';
import { FormError } from '../../ui/FormError.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { StatCircle } from './StatCircle.tsx';
import './score-history.css';

const percentOf = (part: number, total: number) => (total > 0 ? Math.round((part / total) * 100) : 0);

/** A score change with its sign: "+16", "-15". */
const signed = (change: number) => (change > 0 ? `+${formatNumber(change)}` : formatNumber(change));

/** /score-history: the player, their score, wins/losses/total as circles, and every score change. */
export function ScoreHistoryPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const history = useScoreHistory();
  const statistics = useStatistics();
  const records = history.data?.records ?? [];
  const { wins = 0, losses = 0, totalGames = 0 } = statistics.data ?? {};
  if (!user) return null;
  const percent = (part: number) => formatPercent(percentOf(part, totalGames) / 100);
  return (
    <PageFrame title={t('records.score.title')}>
      <List className="score-history">
        <Section>
          <Cell
            readOnly
            before={<Avatar size={48} src={user.photoUrl ?? user.avatarUrl ?? undefined} acronym={[...user.nickname.trim()][0]?.toUpperCase() ?? '?'} />}
            subtitle={
              <>
                {t('records.score.score')} <strong data-testid="current-score">{formatNumber(user.score)}</strong>
              </>
            }
          >
            <span data-testid="score-history-name">{user.nickname}</span>
          </Cell>
          <div className="stat-circles">
            <StatCircle id="wins" label={t('statistics.wins')} percent={percentOf(wins, totalGames)} value={percent(wins)} detail={formatNumber(wins)} tone="win" />
            <StatCircle id="losses" label={t('statistics.losses')} percent={percentOf(losses, totalGames)} value={percent(losses)} detail={formatNumber(losses)} tone="lose" />
            <StatCircle id="total-games" label={t('statistics.totalGames')} percent={totalGames > 0 ? 100 : 0} value={formatNumber(totalGames)} tone="total" />
          </div>
        </Section>

        {history.isPending && (
          <Placeholder description={t('common.loading')}>
            <Spinner size="m" />
          </Placeholder>
        )}
        <FormError message={history.error ? messageOf(history.error, { failed: t('records.history.failed'), error: t('records.history.error') }) : null} />
        {history.isSuccess && records.length === 0 && <Placeholder description={t('records.score.empty')} />}
        {records.length > 0 && (
          <Section>
            {records.map((record, index) => (
              <ScoreRecord key={`${record.date}-${index}`} record={record} />
            ))}
          </Section>
        )}
      </List>
    </PageFrame>
  );
}

/** One score change: won or lost, when, the score after it and by how much it moved. */
function ScoreRecord({ record }: { record: ScoreHistoryRecord }) {
  const { t } = useTranslation();
  const moved = typeof record.change === 'number' && record.change !== 0;
  return (
    <Cell
      readOnly
      data-testid="score-record"
      subtitle={formatDateTime(record.date)}
      after={
        <span className="score-record__score">
          {formatNumber(record.score)}
          {moved && (
            <span className={`score-record__change score-record__change--${record.change > 0 ? 'up' : 'down'}`}>{signed(record.change)}</span>
          )}
        </span>
      }
    >
      <span className={`score-record__result score-record__result--${record.result}`}>{t(`records.result.${record.result}`)}</span>
    </Cell>
  );
}
