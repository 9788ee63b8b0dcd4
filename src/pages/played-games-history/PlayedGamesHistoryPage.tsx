import { Caption, Cell, List, Navigation, Placeholder, Section, Spinner } from '@telegram-apps/telegram-ui';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { GameMode } from '../../../protocol/constants.ts';
import type { PlayedGameRecord } from '../../../protocol/game.ts';
import { messageOf } from '../../api/http.ts';
import { usePlayedGamesHistory } from '../../api/playedGamesHistory.ts';
import { session } from '../../app/session.ts';
import { formatDateTime, formatMoney } from '../../i18n/format.ts';
import { FormError } from '../../ui/FormError.tsx';
import { BackgammonIcon, BeloteIcon, CarromIcon, RpsIcon } from '../../ui/icons.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { StakeAmount } from '../../ui/StakeAmount.tsx';
import './played-games.css';

const gameIcons: Record<GameMode, ComponentType<{ size?: number }>> = {
  rps: RpsIcon,
  blot: BeloteIcon,
  carrom: CarromIcon,
  backgammon: BackgammonIcon,
};

type EndKey = 'opponentLeft' | 'youLeft' | 'opponentTimedOut' | 'timedOut' | 'canceled' | 'played';

/** How a game ended, from this player's side of the record. */
function endOf(record: Pick<PlayedGameRecord, 'endReason' | 'result'>): EndKey {
  switch (record.endReason) {
    case 'opponent-left':
      return record.result === 'win' ? 'opponentLeft' : 'youLeft';
    case 'timeout':
      return record.result === 'win' ? 'opponentTimedOut' : 'timedOut';
    case 'canceled':
      return 'canceled';
    default:
      return 'played';
  }
}

/** /played-games-history: every game the player finished (spec §2, §3 Played game record). */
export function PlayedGamesHistoryPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  const history = usePlayedGamesHistory(user?._id ?? '');
  const games = history.data?.games ?? [];
  return (
    <PageFrame title={t('records.played.title')}>
      <List className="played-games">
        {history.isPending && (
          <Placeholder description={t('common.loading')}>
            <Spinner size="m" />
          </Placeholder>
        )}
        <FormError message={history.error ? messageOf(history.error, { failed: t('records.history.failed'), error: t('records.history.error') }) : null} />
        {history.isSuccess && games.length === 0 && <Placeholder description={t('records.played.empty')} />}
        {games.map((record) => (
          <PlayedGame key={record._id} record={record} />
        ))}
      </List>
    </PageFrame>
  );
}

/** One game: what, when, against whom, how it went, and the way to its proof. */
function PlayedGame({ record }: { record: PlayedGameRecord }) {
  const { t } = useTranslation();
  const Icon = gameIcons[record.gameMode];
  const name = t(`games.${record.gameMode}.name`);
  return (
    <Section data-testid="played-game">
      <Cell
        multiline
        readOnly
        before={<span className="played-game__icon">{Icon && <Icon size={28} />}</span>}
        subhead={formatDateTime(record.date)}
        after={<span className={`played-game__result played-game__result--${record.result}`}>{t(`records.result.${record.result}`)}</span>}
        subtitle={
          <>
            <Caption className="played-game__label">{t('records.played.opponent')}</Caption> {record.opponentUsername} ·{' '}
            <Caption className="played-game__label">{t('records.played.score')}</Caption> {record.userScore} : {record.opponentScore}
          </>
        }
        description={
          <>
            <Caption className="played-game__label">{t('records.played.bet')}</Caption>{' '}
            {record.bet === 0 ? <StakeAmount amount={0} free /> : formatMoney(record.bet)} · {t(`records.played.end.${endOf(record)}`)}
          </>
        }
      >
        {name}
      </Cell>
      <Link className="played-game__verify" to={`/verify/${encodeURIComponent(record.gameId)}`}>
        <Cell after={<Navigation />}>
          <span className="played-game__verify-text">{t('records.played.verify')}</span>
        </Cell>
      </Link>
    </Section>
  );
}
