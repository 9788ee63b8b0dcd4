import type { Queryable } from '../db/client.ts';
import { namedStatement } from '../db/named.ts';
import { sql } from 'drizzle-orm';

/**
 * The cluster's turns at a background read that one node a period is enough for (migration 0029): the
 * due-games read of the sweeper, which visits every running game's row. Every node asks each period; the
 * first to ask after the period has passed takes the turn and reads, the others skip it.
 */
export type SweepJob = 'due-games';

const takeTurn = namedStatement<'job' | 'everyMs'>(
  'take_sweep_turn',
  (v) => sql`UPDATE sweep_turns SET taken_at = now()
             WHERE job = ${v('job')}::text AND taken_at <= now() - ${v('everyMs')}::integer * interval '1 millisecond'
             RETURNING job`,
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
