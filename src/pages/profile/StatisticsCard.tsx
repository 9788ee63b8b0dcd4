import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStatistics } from '../../api/statistics.ts';

/** Wins, losses and games played (GET /api/statistics); a failure is only logged (spec §8). */
export function StatisticsCard() {
  const { t } = useTranslation();
  const statistics = useStatistics();
  useEffect(() => {
    if (statistics.error) console.error('Failed to fetch statistics', statistics.error);
  }, [statistics.error]);
  const value = (n: number | undefined) => (n === undefined ? '–' : String(n));
  return (
    <section className="card" aria-labelledby="statistics-title">
      <h2 id="statistics-title" className="section-title">
        {t('statistics.title')}
      </h2>
      <dl className="statistics">
        <div>
          <dt>{t('statistics.wins')}</dt>
          <dd data-testid="wins">{value(statistics.data?.wins)}</dd>
        </div>
        <div>
          <dt>{t('statistics.losses')}</dt>
          <dd data-testid="losses">{value(statistics.data?.losses)}</dd>
        </div>
        <div>
          <dt>{t('statistics.totalGames')}</dt>
          <dd data-testid="total-games">{value(statistics.data?.totalGames)}</dd>
        </div>
      </dl>
    </section>
  );
}
