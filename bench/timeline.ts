import { percentileOf } from './appClient.ts';
import { formatTable } from './table.ts';
import type { MoveSample } from './playStats.ts';

/**
 * The run in slices of time: how many were online and playing, the calls and moves a second, each
 * process's share of a core, and the moves' round trips in that slice. A spike's figures over the whole
 * run hide where the product gives way; this shows when it does, and which process was full then.
 */

export interface Reading {
  /** performance.now() */
  at: number;
  online: number;
  playing: number;
  calls: number;
  /** CPU ms so far of each process group (null where it cannot be read). */
  cpu: Record<string, number | null>;
  /** The node's longest event-loop delay and garbage collection pause (ms) since the reading before. */
  stalls?: { loopMs: number; gcMs: number };
}

export class Timeline {
  private readonly readings: Reading[] = [];
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> = Promise.resolve();

  constructor(
    private readonly everyMs: number,
    private readonly read: () => Promise<Reading>,
  ) {}

  async start(): Promise<void> {
    this.readings.push(await this.read());
    this.timer = setInterval(() => {
      this.reading = this.read().then((reading) => void this.readings.push(reading));
    }, this.everyMs);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.reading;
    this.readings.push(await this.read());
  }

  /** One line per slice: the counts at its end, rates and CPU shares over it, the moves answered in it. */
  table(moves: readonly MoveSample[]): string {
    const groups = Object.keys(this.readings[0]?.cpu ?? {});
    const stalls = this.readings[0]?.stalls !== undefined;
    const rows: (string | number)[][] = [];
    const start = this.readings[0]?.at ?? 0;
    for (let i = 1; i < this.readings.length; i += 1) {
      const from = this.readings[i - 1] as Reading;
      const to = this.readings[i] as Reading;
      const seconds = (to.at - from.at) / 1000;
      if (seconds <= 0) continue;
      const inSlice = moves.filter((move) => move.at > from.at && move.at <= to.at && move.status === 200).map((move) => move.ms);
      const share = (group: string) => {
        const a = from.cpu[group];
        const b = to.cpu[group];
        return a === null || b === null || a === undefined || b === undefined ? '–' : `${Math.round((100 * (b - a)) / 1000 / seconds)} %`;
      };
      rows.push([
        `${Math.round((from.at - start) / 1000)}–${Math.round((to.at - start) / 1000)} s`,
        to.online.toLocaleString('en-US'),
        to.playing.toLocaleString('en-US'),
        Math.round((to.calls - from.calls) / seconds),
        Math.round(inSlice.length / seconds),
        ...groups.map(share),
        inSlice.length ? percentileOf(inSlice, 50).toFixed(0) : '–',
        inSlice.length ? percentileOf(inSlice, 99).toFixed(0) : '–',
        ...(stalls ? [(to.stalls?.loopMs ?? 0).toFixed(0), (to.stalls?.gcMs ?? 0).toFixed(0)] : []),
      ]);
    }
    const stallColumns = stalls ? ['node loop delay max ms', 'node GC pause max ms'] : [];
    return formatTable(['slice', 'online', 'in games', 'calls/s', 'moves/s', ...groups.map((group) => `${group} CPU`), 'move p50 ms', 'move p99 ms', ...stallColumns], rows);
  }
}
