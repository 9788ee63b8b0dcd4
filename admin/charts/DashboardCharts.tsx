import type { DailyFigures } from '../../protocol/treasury.ts';
import { DayChart } from './DayChart.tsx';

/** The dashboard's pictures over its date range: money staked and kept, money in and out, players, games. */
export default function DashboardCharts({ days }: { days: DailyFigures[] }) {
  const games = days.map((day) => ({ day: day.day, ...day.games }));
  return (
    <div className="admin-charts">
      <DayChart
        title="Bets and rake (USDT)"
        kind="bar"
        rows={days}
        series={[
          { key: 'betsUsdt', name: 'Bets', colour: '#2e86de' },
          { key: 'rakeUsdt', name: 'Rake', colour: '#27ae60' },
        ]}
      />
      <DayChart
        title="Deposits and withdrawals (USDT)"
        kind="bar"
        rows={days}
        series={[
          { key: 'depositsUsdt', name: 'Deposits', colour: '#27ae60' },
          { key: 'withdrawalsUsdt', name: 'Withdrawals', colour: '#c0392b' },
        ]}
      />
      <DayChart title="New players" kind="bar" rows={days} series={[{ key: 'newPlayers', name: 'New players', colour: '#8e44ad' }]} />
      <DayChart
        title="Games per mode"
        kind="bar"
        rows={games}
        series={[
          { key: 'rps', name: 'RPS', colour: '#2e86de' },
          { key: 'blot', name: 'Blot', colour: '#c0392b' },
          { key: 'carrom', name: 'Carrom', colour: '#e67e22' },
          { key: 'backgammon', name: 'Backgammon', colour: '#27ae60' },
        ]}
      />
    </div>
  );
}
