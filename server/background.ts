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
      // A round logs its own errors; one that escaped must still not end the process or the rounds.
      running = round()
        .catch(() => undefined)
        .finally(schedule);
    }, intervalMs);
  };
  schedule();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await running;
  };
}
