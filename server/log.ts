import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

/** Where the log goes: stdout, or a test's stream. A terminal (`isTTY`) gets lines for people. */
type LogOutput = NodeJS.WritableStream & { isTTY?: boolean; fd?: number };

/**
 * The server's log at the configured level. On a terminal (`npm start` in a newcomer's shell) readable
 * lines, through pino-pretty in this process (no worker thread); otherwise (production, a service
 * manager, a pipe) JSON lines for the log collector, as before.
 *
 * JSON is written asynchronously and in blocks (issue 24): a synchronous write was a system call per line
 * on the request's path (three lines a move); now lines gather until 4 KB or 200 ms, whichever comes
 * first. pino flushes what is left synchronously when the process exits, crash included; only a SIGKILL
 * can lose the last 200 ms.
 */
export function serverLog(level: string, output: LogOutput = process.stdout): Logger {
  if (output.isTTY === true) {
    return pino({ level }, pretty({ destination: output, colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true }));
  }
  if (output === process.stdout) return pino({ level }, pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 200 }));
  return pino({ level }, output);
}
