import type { Redis } from 'ioredis';

/**
 * Counts of attempts per key in fixed windows (issue 24): how many password failures an account or an
 * address has had this minute, how many registrations an address made this hour. Unlike
 * @fastify/rate-limit, a count can be read without adding to it, so a sign-in that succeeds spends
 * nothing and only failures count. In memory on one node; in Redis when REDIS_URL is set, so every node
 * of a cluster sees the same counts.
 */
export interface AttemptCounts {
  /** The attempts counted for `key` in its current window (0 once the window is over). */
  count(key: string): Promise<number>;
  /** Counts one more for `key` (the first one opens its window of `windowMs`); answers the new count. */
  add(key: string, windowMs: number): Promise<number>;
}

/** One node's counts. Expired windows are dropped as they are met, and all of them once a minute. */
export function memoryAttemptCounts(now: () => number = Date.now): AttemptCounts & { close(): void } {
  const windows = new Map<string, { count: number; endsAt: number }>();
  const live = (key: string) => {
    const window = windows.get(key);
    if (window && window.endsAt <= now()) windows.delete(key);
    return window && window.endsAt > now() ? window : undefined;
  };
  const sweep = setInterval(() => {
    for (const key of windows.keys()) live(key);
  }, 60_000);
  sweep.unref();
  return {
    count: async (key) => live(key)?.count ?? 0,
    add: async (key, windowMs) => {
      const window = live(key) ?? { count: 0, endsAt: now() + windowMs };
      window.count += 1;
      windows.set(key, window);
      return window.count;
    },
    close: () => clearInterval(sweep),
  };
}

// INCR, and the window's expiry set by the attempt that opened it: one round trip, atomic across nodes.
const ADD_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** The cluster's counts, in Redis under `prefix`. */
export function redisAttemptCounts(redis: Redis, prefix = 'duel-attempts:'): AttemptCounts {
  return {
    count: async (key) => Number((await redis.get(prefix + key)) ?? 0),
    add: async (key, windowMs) => Number(await redis.eval(ADD_SCRIPT, 1, prefix + key, String(windowMs))),
  };
}
