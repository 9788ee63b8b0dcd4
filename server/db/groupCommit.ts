import { databaseUnavailable } from './errors.ts';

/**
 * Group commit (issue 38): writes of one kind that are each a statement of their own (a move that ends
 * nothing, a client seed), asked for in one turn of the event loop or while MAX_IN_FLIGHT statements are
 * out, go as one statement. On a busy node a write's cost was its statement's fixed part, paid once per
 * write on both sides (the node's write to PostgreSQL's socket and the reply's parse; PostgreSQL's
 * wake-up, bind, commit and WAL flush), not the row it writes: N writes now cost one round trip and one
 * commit.
 *
 * Nothing is answered before its statement has committed: a caller's promise settles with the
 * statement's result, so a write is as durable when answered as when it was a statement of its own.
 * When nothing else is waiting a write goes at the end of the turn it was asked in (no timer, no added
 * wait): a quiet node writes exactly as before.
 */

/** Statements out at once. More would each carry fewer writes; fewer would hold writes back behind one slow commit. */
const MAX_IN_FLIGHT = 2;
/** Writes per statement: a bound on one statement's size and on the time its rows stay locked. */
const MAX_BATCH = 200;

/** How a kind of write is made: alone, and several at once. */
export interface GroupStatements<Write, Result> {
  /** The row a write changes: one write per row in a statement (a second goes in the next). */
  keyOf(write: Write): string;
  /** One write alone, which waits for its row's lock as any statement does. */
  one(write: Write): Promise<Result>;
  /**
   * Several writes of distinct rows in one statement that skips the rows another transaction holds:
   * each written write's result by its key, and the keys it skipped (`busy`: sent again alone, so one
   * settlement or leave never holds a whole statement's writes). A key in neither is a write refused.
   */
  many(writes: Write[]): Promise<{ results: Map<string, Result>; busy: Set<string> }>;
  /** A refused write's result. */
  refused: Result;
}

interface Pending<Write, Result> {
  write: Write;
  settle: (result: Result) => void;
  fail: (error: unknown) => void;
}

export class GroupCommit<Write, Result> {
  private queue: Pending<Write, Result>[] = [];
  private inFlight = 0;
  private scheduled = false;
  /** The rows of the statements out now. */
  private readonly keysOut = new Set<string>();
  /** Statements sent, writes they carried, and writes sent again alone because their row was held: for the tests. */
  readonly counts = { statements: 0, writes: 0, busy: 0 };

  constructor(private readonly statements: GroupStatements<Write, Result>) {}

  /** Makes one write with whatever else is waiting; settles with its result once its statement has committed. */
  write(write: Write): Promise<Result> {
    return new Promise<Result>((settle, fail) => {
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
      // One write per row in a statement, and none of a row a statement out now writes: a second one of
      // the same row (a move and a timeout computed on the same version, both seeds of one game) goes
      // after the first has committed, and meets what it wrote (sent beside it, it would find the row
      // held and go again alone).
      const batch: Pending<Write, Result>[] = [];
      const later: Pending<Write, Result>[] = [];
      const keys = new Set<string>();
      for (const pending of this.queue) {
        const key = this.statements.keyOf(pending.write);
        if (batch.length < MAX_BATCH && !keys.has(key) && !this.keysOut.has(key)) {
          keys.add(key);
          batch.push(pending);
        } else {
          later.push(pending);
        }
      }
      this.queue = later;
      if (batch.length === 0) return;
      this.inFlight += 1;
      for (const key of keys) this.keysOut.add(key);
      void this.send(batch).finally(() => {
        this.inFlight -= 1;
        for (const key of keys) this.keysOut.delete(key);
        this.schedule();
      });
    }
  }

  private async send(batch: Pending<Write, Result>[]): Promise<void> {
    this.counts.statements += 1;
    this.counts.writes += batch.length;
    try {
      if (batch.length === 1) {
        const [pending] = batch as [Pending<Write, Result>];
        pending.settle(await this.statements.one(pending.write));
        return;
      }
      const { results, busy } = await this.statements.many(batch.map((p) => p.write));
      const alone: Pending<Write, Result>[] = [];
      for (const pending of batch) {
        const key = this.statements.keyOf(pending.write);
        if (busy.has(key)) alone.push(pending);
        else pending.settle(results.has(key) ? (results.get(key) as Result) : this.statements.refused);
      }
      this.counts.busy += alone.length;
      // A row another transaction holds (a settlement, a leave, the sweeper): its write alone, which
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
