import pino, { type Logger } from 'pino';

/**
 * The server's log: JSON lines on stdout at the configured level. Written asynchronously and in blocks
 * (issue 24): a synchronous write was a system call per line on the request's path (three lines a
 * move); now lines gather until 4 KB or 200 ms, whichever comes first. pino flushes what is left
 * synchronously when the process exits, crash included; only a SIGKILL can lose the last 200 ms.
 */
export function serverLog(level: string): Logger {
  return pino({ level }, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }));
}
