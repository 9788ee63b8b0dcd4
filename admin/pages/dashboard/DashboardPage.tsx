import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { completedGamesQueryOptions } from '../../api/completedGames.ts';
import { useTotalBets } from '../../api/totalBets.ts';
import { useDailyFigures } from '../../api/treasury.ts';
import { usersQueryOptions } from '../../api/users.ts';
import { useAdminSocket } from '../../adminSocket.ts';
import { todayInput, toRangeQuery } from '../../dateRange.ts';
import { formatUsdt } from '../../format.ts';
import { DateRangeFields } from '../../ui/DateRangeFields.tsx';
import { OngoingGamesCard } from './OngoingGamesCard.tsx';
import { OpenChallengesCard } from './OpenChallengesCard.tsx';
import { QueueCards } from './QueueCards.tsx';

const USERS_REFRESH_MS = 30_000;
// The chart library comes with the pages that draw (never with the player app).
const DashboardCharts = lazy(() => import('../../charts/DashboardCharts.tsx'));

function Figure({ value, pending, error }: { value: string | undefined; pending: boolean; error: boolean }) {
  if (error) return <p className="admin-figure admin-figure--error">Failed to load</p>;
  return <p className="admin-figure">{pending ? '…' : value}</p>;
}

/**
 * Spec §2 dashboard: the date range drives Completed Games and Total Bets; the queues and ongoing
 * games are live (admin socket room) whatever the range.
 */
export function DashboardPage() {
  useAdminSocket();
  const [start, setStart] = useState(todayInput);
  const [end, setEnd] = useState(todayInput);
  const range = toRangeQuery(start, end);
  // The counts come from the lists' totals: one row asked, the total read.
  const completed = useQuery(completedGamesQueryOptions({ ...range, page: 1, limit: 1 }));
  const bets = useTotalBets(range);
  const daily = useDailyFigures(range);
  // Sign-ups send no event: the total is asked again every half minute.
  const users = useQuery({ ...usersQueryOptions({ page: 1, limit: 1 }), refetchInterval: USERS_REFRESH_MS });
  const listLink = `/admin/completed-games?${new URLSearchParams({ start, end }).toString()}`;

  return (
    <section className="dashboard">
      <header className="admin-page-head">
        <h1 className="admin__title">Dashboard</h1>
        <div className="admin-toolbar" role="group" aria-label="Date range">
          <DateRangeFields start={start} end={end} onStart={setStart} onEnd={setEnd} />
        </div>
      </header>

      <QueueCards />

      <div className="dashboard__figures">
        <article className="card admin-card" aria-labelledby="completed-title">
          <h2 id="completed-title">Completed Games</h2>
          <Figure value={completed.data?.totalGames.toLocaleString()} pending={completed.isPending} error={completed.isError} />
          <Link to={listLink}>View All</Link>
        </article>
        <article className="card admin-card" aria-labelledby="bets-title">
          <h2 id="bets-title">Total Bets</h2>
          <Figure value={bets.data && formatUsdt(bets.data.totalBets)} pending={bets.isPending} error={bets.isError} />
        </article>
        <article className="card admin-card" aria-labelledby="users-title">
          <h2 id="users-title">Users</h2>
          <Figure value={users.data?.totalUsers.toLocaleString()} pending={users.isPending} error={users.isError} />
          <Link to="/admin/users">View All</Link>
        </article>
      </div>

      {daily.data && (
        <Suspense fallback={<p className="muted">Loading charts...</p>}>
          <DashboardCharts days={daily.data.days} />
        </Suspense>
      )}

      <OngoingGamesCard />
      <OpenChallengesCard />
    </section>
  );
}
