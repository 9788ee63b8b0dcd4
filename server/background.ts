/**
 * Runs `round` every `intervalMs`, each round starting only after the previous one ended (no overlap),
 * until stopped; the returned stop waits for a round in flight. A round's errors are its own to log.
 */
export function startRounds(intervalMs: number, round: () => Promise<void>): () => Promise<void> {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = round().finally(schedule);
    }, intervalMs);
  };
  schedule();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
