import { nodeLocal } from '../nodeLocal.ts';
import type { GameRow } from '../db/schema.ts';

/**
 * A timer at the deadline of each running game this node has published (issue 24): an RPS round opens
 * when its reveal is over, a turn times out when its clock runs out, a first draw is made when the wait
 * for the client seeds ends, at that moment instead of at the sweeper's next round (every GAME_SWEEP_MS,
 * a few dozen games each, which under load left rounds opening seconds late).
 *
 * Never the only copy of anything: the deadline is in the game's row, and the sweeper (workers.ts) still
 * applies every due timeout this node's timers did not, after a restart or on another node. A timer only
 * says "this version of this game is due now"; timeouts.ts timeoutKeptGame decides on the game itself and
 * writes only at that version, so a move, a leave or another node that came first always wins.
 */

/** After the deadline, so a timer whose clock rounds down never finds the game not yet due. */
const SLACK_MS = 2;

type OnDue = (gameId: string, version: number) => void;

class DeadlineTimers {
  private readonly timers = new Map<string, { version: number; timer: NodeJS.Timeout }>();
  private onDue: OnDue | null = null;

  /** Timers run only on a node with its background rounds on (main.ts); tests drive time themselves. */
  start(onDue: OnDue): void {
    this.onDue = onDue;
  }

  stop(): void {
    this.onDue = null;
    for (const { timer } of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  /** The game as just committed: a timer at its deadline, in place of the one for an older version. */
  watch(row: GameRow): void {
    const onDue = this.onDue;
    if (!onDue) return;
    const prior = this.timers.get(row.id);
    if (prior && prior.version >= row.version) return;
    if (prior) clearTimeout(prior.timer);
    this.timers.delete(row.id);
    if (row.status !== 'in-progress' || !row.deadlineAt) return;
    const { id, version } = row;
    const timer = setTimeout(
      () => {
        this.timers.delete(id);
        onDue(id, version);
      },
      Math.max(0, row.deadlineAt.getTime() - Date.now()) + SLACK_MS,
    );
    // A pending deadline never keeps a stopping process alive: the sweeper of whatever runs next has it.
    timer.unref();
    this.timers.set(id, { version, timer });
  }
}

/** This node's deadline timers. */
export const deadlineTimers = nodeLocal(() => new DeadlineTimers());
