import type { TreasuryDay } from '../../protocol/treasury.ts';
import { DayChart } from './DayChart.tsx';

/** The Treasury page's pictures: owes against holds from the daily snapshots, and the chain's fees per day. */
export default function TreasuryCharts({ days }: { days: TreasuryDay[] }) {
  return (
    <div className="admin-charts">
      <DayChart
        title="Owes and holds (USDT)"
        kind="line"
        rows={days}
        series={[
          { key: 'owesUsdt', name: 'Owes', colour: '#c0392b' },
          { key: 'holdsUsdt', name: 'Holds', colour: '#2e86de' },
        ]}
      />
      <DayChart
        title="Fees per day"
        kind="bar"
        rows={days}
        series={[
          { key: 'trxBurned', name: 'TRX burned', colour: '#e67e22' },
          { key: 'collectedUsdt', name: 'Fees collected (USDT)', colour: '#27ae60' },
        ]}
      />
    </div>
  );
}
