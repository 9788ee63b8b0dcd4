import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

/** One series of a day-by-day picture: which field of the rows it draws, its name and colour. */
export interface Series<Row> {
  key: keyof Row & string;
  name: string;
  colour: string;
}

interface DayChartProps<Row extends { day: string }> {
  title: string;
  rows: Row[];
  series: Series<Row>[];
  /** Lines for levels over time (owes, holds), bars for amounts per day (fees, bets, deposits). */
  kind: 'line' | 'bar';
}

const WIDTH = 560;
const HEIGHT = 240;
const shortDay = (day: string) => day.slice(5);

/**
 * A back-office picture of one range, day by day (recharts, loaded with the pages that show one; never
 * in the player app's bundle). Its title names it for screen readers and tests.
 */
export function DayChart<Row extends { day: string }>({ title, rows, series, kind }: DayChartProps<Row>) {
  const parts = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--separator, #ddd)" />
      <XAxis dataKey="day" tickFormatter={shortDay} fontSize={12} />
      <YAxis fontSize={12} width={64} />
      <Tooltip />
      <Legend />
    </>
  );
  return (
    <figure className="admin-chart" aria-label={title}>
      <figcaption>{title}</figcaption>
      {kind === 'line' ? (
        <LineChart width={WIDTH} height={HEIGHT} data={rows}>
          {parts}
          {series.map((s) => (
            <Line key={s.key} type="monotone" dataKey={s.key as string} name={s.name} stroke={s.colour} dot={{ r: 3 }} connectNulls isAnimationActive={false} />
          ))}
        </LineChart>
      ) : (
        <BarChart width={WIDTH} height={HEIGHT} data={rows}>
          {parts}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key as string} name={s.name} fill={s.colour} isAnimationActive={false} />
          ))}
        </BarChart>
      )}
    </figure>
  );
}
