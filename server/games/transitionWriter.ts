import type { Services } from '../context.ts';
import { databaseUnavailable } from '../db/errors.ts';
import { nodeLocal } from '../nodeLocal.ts';
import { writeFreeTransitionsOf, writeTransitions, type TransitionWrite } from './store.ts';

/**
 * Group commit for the transitions that are a statement of their own (a move that ends nothing, a kept
 * game's timeout, the first draw of the second client seed: engine.ts, timeouts.ts). Issue 38: on a
 * busy node the cost of a move was its statement's fixed part, paid once per move on both sides (the
 * node's write to PostgreSQL's socket and the reply's parse; PostgreSQL's wake-up, bind, commit and WAL
 * flush), not the row it writes. Here every such write asked for in one turn of the event loop, and
 * any asked for while MAX_IN_FLIGHT statements are out, goes as one statement (store.ts
 * writeFreeTransitionsOf: each game still only at the version it was computed on, each move only while
 * its session is open, and only games no transaction holds: one that does is sent again alone, so one
 * settlement never holds a whole statement's moves), so under load N moves cost one round trip and one
 * commit.
 *
 * Nothing is answered before its statement has committed: a caller's promise settles with the
 * statement's result, so a move is as durable when answered as when it was a statement of its own.
 * When nothing else is waiting a write goes at the end of the turn it was asked in (no timer, no
 * added wait): a quiet node writes exactly as before.
 */

/** Statements out at once. More would each carry fewer writes; fewer would hold writes back behind one slow commit. */
const MAX_IN_FLIGHT = 2;
/** Writes per statement: a bound on one statement's size and on the time its rows stay locked. */
const MAX_BATCH = 200;

interface Pending {
  write: TransitionWrite;
  settle: (written: boolean) => void;
  fail: (error: unknown) => void;
}

class TransitionWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** Statements sent, writes they carried, and writes sent again alone because their game was held: for the tests. */
  readonly counts = { statements: 0, writes: 0, busy: 0 };

  constructor(private readonly services: Services) {}

  /** Writes one transition with whatever else is waiting; true when it was written (at its version, its session open). */
  write(write: TransitionWrite): Promise<boolean> {
    return new Promise<boolean>((settle, fail) => {
      this.queue.push({ write, settle, fail });
      this.schedule();
    });
  }

  /** A flush at the end of this turn, when a statement may go out now. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    while (this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      // One write per game in a statement: a second one of the same game (a move and a timeout computed
      // on the same version) goes in the next, where its version check refuses it as it would have alone.
      const batch: Pending[] = [];
      const later: Pending[] = [];
      const games = new Set<string>();
      for (const pending of this.queue) {
        const gameId = pending.write.next.id;
        if (batch.length < MAX_BATCH && !games.has(gameId)) {
          games.add(gameId);
          batch.push(pending);
        } else {
          later.push(pending);
        }
      }
      this.queue = later;
      this.inFlight += 1;
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        this.schedule();
      });
    }
  }

  private async send(batch: Pending[]): Promise<void> {
    this.counts.statements += 1;
    this.counts.writes += batch.length;
    try {
      if (batch.length === 1) {
        const [pending] = batch as [Pending];
        pending.settle((await writeTransitions(this.services.db, [pending.write])).has(pending.write.next.id));
        return;
      }
      const { written, busy } = await writeFreeTransitionsOf(
        this.services.db,
        batch.map((p) => p.write),
      );
      const alone: Pending[] = [];
      for (const pending of batch) {
        if (busy.has(pending.write.next.id)) alone.push(pending);
        else pending.settle(written.has(pending.write.next.id));
      }
      this.counts.busy += alone.length;
      // A game another transaction holds (a settlement, a leave, the sweeper): its write alone, which
      // waits for that lock and then meets whatever it committed, as a write of its own always did.
      await Promise.all(alone.map((pending) => this.send([pending])));
    } catch (error) {
      if (batch.length === 1 || databaseUnavailable(error)) {
        for (const pending of batch) pending.fail(error);
        return;
      }
      // One write the statement could not take fails the statement: each is tried alone, so the others
      // are written and only that one's request fails.
      await Promise.all(batch.map((pending) => this.send([pending])));
    }
  }
}

/** This node's transition writer. */
export const transitionWriter = nodeLocal((services) => new TransitionWriter(services));

/** One transition written with whatever else this node is writing now: true when it was written. */
export function writeTransition(services: Services, write: TransitionWrite): Promise<boolean> {
  return transitionWriter(services).write(write);
}
