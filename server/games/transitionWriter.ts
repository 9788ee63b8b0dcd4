import type { Services } from '../context.ts';
import { GroupCommit } from '../db/groupCommit.ts';
import { nodeLocal } from '../nodeLocal.ts';
import { writeFreeTransitionsOf, writeTransitions, type TransitionWrite } from './store.ts';

/**
 * The node's group commit (db/groupCommit.ts) of the transitions that are a statement of their own: a
 * move that ends nothing, a kept game's timeout, the first draw of the second client seed (engine.ts,
 * timeouts.ts). Several go as one statement (store.ts writeFreeTransitionsOf): each game still only at
 * the version it was computed on, each move only while its session is open, and only games no
 * transaction holds.
 */
export const transitionWriter = nodeLocal(
  (services) =>
    new GroupCommit<TransitionWrite, boolean>({
      keyOf: (write) => write.next.id,
      one: async (write) => (await writeTransitions(services.db, [write])).has(write.next.id),
      many: async (writes) => {
        const { written, busy } = await writeFreeTransitionsOf(services.db, writes);
        return { results: new Map([...written].map((id) => [id, true])), busy };
      },
      refused: false,
    }),
);

/** One transition written with whatever else this node is writing now: true when it was written. */
export function writeTransition(services: Services, write: TransitionWrite): Promise<boolean> {
  return transitionWriter(services).write(write);
}
