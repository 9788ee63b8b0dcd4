import { Cell, Section } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatistics } from '../../api/statistics.ts';
import { formatNumber } from '../../i18n/format.ts';

/** Wins, losses and games played (GET /api/statistics); a failure is only logged (spec §8). */
export function StatisticsCard() {
  const { t } = useTranslation();
  const statistics = useStatistics();
  useEffect(() => {
    if (statistics.error) console.error('Failed to fetch statistics', statistics.error);
  }, [statistics.error]);
  const value = (n: number | undefined) => (n === undefined ? '–' : formatNumber(n));
  return (
    <Section header={t('statistics.title')} aria-label={t('statistics.title')}>
      <Cell after={<span data-testid="wins">{value(statistics.data?.wins)}</span>}>{t('statistics.wins')}</Cell>
      <Cell after={<span data-testid="losses">{value(statistics.data?.losses)}</span>}>{t('statistics.losses')}</Cell>
      <Cell after={<span data-testid="total-games">{value(statistics.data?.totalGames)}</span>}>{t('statistics.totalGames')}</Cell>
    </Section>
  );
}
