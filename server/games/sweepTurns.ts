import type { Queryable } from '../db/client.ts';
import { namedStatement } from '../db/named.ts';
import { sql } from 'drizzle-orm';

/**
 * The cluster's turns at a background read that one node a period is enough for (migration 0029): the
 * due-games read of the sweeper, which visits every running game's row. Every node asks each period; the
 * first to ask after the period has passed takes the turn and reads, the others skip it.
 */
export type SweepJob = 'due-games';

// The row is made by the first taker (a table emptied by hand only makes the next ask its first): of two
// nodes asking at once, one inserts or updates it, and the other, waiting on that row, finds it taken.
const takeTurn = namedStatement<'job' | 'everyMs'>(
  'take_sweep_turn',
  (v) => sql`INSERT INTO sweep_turns AS turn (job, taken_at) VALUES (${v('job')}::text, now())
             ON CONFLICT (job) DO UPDATE SET taken_at = now()
             WHERE turn.taken_at <= now() - ${v('everyMs')}::integer * interval '1 millisecond'
             RETURNING turn.job`,
);

const giveBack = namedStatement<'job'>('give_back_sweep_turn', (v) => sql`UPDATE sweep_turns SET taken_at = '-infinity' WHERE job = ${v('job')}::text`);

/** True when this node has `job`'s turn: no node took it in the last `everyMs` (the database's clock decides). */
export async function takeSweepTurn(db: Queryable, job: SweepJob, everyMs: number): Promise<boolean> {
  return (await takeTurn(db, { job, everyMs })).length > 0;
}

/** The turn free again at once: the taker found more to do than one sweep takes, so every node's next round helps. */
export async function giveBackSweepTurn(db: Queryable, job: SweepJob): Promise<void> {
  await giveBack(db, { job });
}
