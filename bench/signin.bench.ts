import { sign } from '@telegram-apps/init-data-node';
import { delay, freshSchema, httpClient, inPool, machineNote, percentile, postgresCpuMs, roundTripNote, startServer, type Timed } from './loadKit.ts';
import type { Bench, BenchResult } from './table.ts';

/**
 * Sign-in on launch day (issue 24): a channel post's crowd behind one carrier address, and a guesser
 * spread over many. The app node runs in a child process (bench/server-child.ts) on a fresh PostgreSQL
 * schema with a bot token and TRUST_PROXY on loopback, so X-Forwarded-For is each request's address,
 * as behind the production proxy (HAProxy, the README's); the load comes from this process, whose CPU is reported apart
 * from the node's and PostgreSQL's.
 *
 * 1. 1,000 new players sign in with valid signed Telegram data, all from one address, arriving evenly
 *    over 60 s (SIGNIN_BENCH_SECONDS), each a new account (the heaviest case: an account, its ledger
 *    accounts and a session each). Target: all 200, p99 < 100 ms. Then the same 1,000 again as a burst,
 *    50 in flight, new accounts again: what one node takes at most (no target; the latencies there are
 *    queueing).
 * 2. 30 wrong passwords on one account, each from its own address, then the right one. Target: refused
 *    (429) from the limit on (AUTH_RATE_LIMIT_MAX failures), the right password too, whatever the address.
 */

const BOT_TOKEN = '7000099:signin-bench-token';
const CROWD = 1000;
const IN_FLIGHT = 50;
const CROWD_SECONDS = Number(process.env.SIGNIN_BENCH_SECONDS ?? 60);
const GUESSES = 30;
const FAILURES_PER_ACCOUNT = 10;

function skipped(reason: string): BenchResult {
  return { title: 'Sign-in: a crowd behind one address, a guesser behind many', columns: ['skipped'], rows: [[reason]], targets: [] };
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');

const bench: Bench = {
  async run(): Promise<BenchResult> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return skipped('needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
    const notes = [machineNote()];
    const schema = await freshSchema(url);
    const server = await startServer({
      databaseUrl: url,
      searchPath: schema.name,
      env: { BOT_TOKEN, TRUST_PROXY: 'loopback', AUTH_RATE_LIMIT_MAX: String(FAILURES_PER_ACCOUNT) },
    });
    const client = httpClient(server.url, IN_FLIGHT);
    try {
      notes.push(await roundTripNote(schema.client));

      // 1. The crowd: one address, valid signed data, new accounts; first arriving evenly, then at once.
      const baseId = 800_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
      const initDataFor = (id: number) =>
        sign({ user: { id, first_name: 'Crowd', username: `crowd_${id}`, language_code: 'ru' } } as never, BOT_TOKEN, new Date());
      const fromCarrier = { 'x-forwarded-for': '100.64.0.1' };
      const signIn = (initData: string) => client.request('POST', '/api/auth/telegram', '', { initData }, fromCarrier);
      const cpuMs = (cpu: { user: number; system: number }, before: { user: number; system: number }) => (cpu.user + cpu.system - before.user - before.system) / 1000;

      async function crowd(firstId: number, arrive: (send: (initData: string) => Promise<Timed<unknown>>, all: string[]) => Promise<Timed<unknown>[]>) {
        const all = Array.from({ length: CROWD }, (_, i) => initDataFor(firstId + i));
        const nodeBefore = await server.call({ type: 'cpu' });
        const benchBefore = process.cpuUsage();
        const postgresBefore = postgresCpuMs();
        const started = performance.now();
        const answers = await arrive(signIn, all);
        const wallMs = performance.now() - started;
        const nodeAfter = await server.call({ type: 'cpu' });
        const benchCpu = process.cpuUsage(benchBefore);
        const postgresAfter = postgresCpuMs();
        const statuses = new Map<number, number>();
        for (const answer of answers) statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        return {
          statuses,
          signedIn: statuses.get(200) ?? 0,
          latencies: answers.map((answer) => answer.ms).sort((a, b) => a - b),
          wallMs,
          cpu: { node: cpuMs(nodeAfter, nodeBefore), bench: cpuMs(benchCpu, { user: 0, system: 0 }), postgres: postgresBefore === null || postgresAfter === null ? null : postgresAfter - postgresBefore },
        };
      }
      const gapMs = (CROWD_SECONDS * 1000) / CROWD;
      const paced = await crowd(baseId, (send, all) => Promise.all(all.map(async (initData, i) => {
        await delay(i * gapMs);
        return send(initData);
      })));
      const burst = await crowd(baseId + CROWD, (send, all) => inPool(all, IN_FLIGHT, send));
      const crowdRow = (what: string, run: typeof paced) => [
        what,
        CROWD,
        run.signedIn,
        [...run.statuses].map(([status, n]) => `${status}×${n}`).join(' '),
        ms(percentile(run.latencies, 50)),
        ms(percentile(run.latencies, 99)),
        ms(run.wallMs),
      ];
      const cpuNote = (what: string, run: typeof paced) =>
        `CPU, ${what}: node ${ms(run.cpu.node)} ms (${ms((run.cpu.node / CROWD) * 1000)} µs a sign-in), load generator (this process) ${ms(run.cpu.bench)} ms, ` +
        `PostgreSQL ${run.cpu.postgres === null ? 'n/a' : `${ms(run.cpu.postgres)} ms`}, over ${ms(run.wallMs)} ms of wall time`;

      // 2. The guesser: one account, a new address per guess, then the right password.
      const victim = { username: `victim_${baseId}`, email: `victim_${baseId}@example.com`, password: 'correct-horse-battery' };
      const made = await client.request('POST', '/api/register', '', victim, { 'x-forwarded-for': '100.65.255.1' });
      if (made.status !== 201) throw new Error(`could not register the victim: ${made.status}`);
      const guesses: number[] = [];
      for (let i = 0; i < GUESSES; i += 1) {
        const guess = await client.request('POST', '/api/login', '', { username: victim.username, password: `guess-${i}-wrong` }, { 'x-forwarded-for': `100.65.${i}.1` });
        guesses.push(guess.status);
      }
      const rightOne = await client.request('POST', '/api/login', '', { username: victim.username, password: victim.password }, { 'x-forwarded-for': '100.65.200.1' });
      const refusedFrom = guesses.indexOf(429);
      const wrongAnswered = guesses.filter((status) => status === 401).length;

      const rows: (string | number)[][] = [
        crowdRow(`Telegram sign-ins, one address, over ${CROWD_SECONDS} s`, paced),
        crowdRow(`the same, at once (${IN_FLIGHT} in flight)`, burst),
        ['wrong passwords, one account, 30 addresses', GUESSES, wrongAnswered, guesses.map(String).join(' ').replace(/(\d+)( \1)+/g, (run) => `${run.split(' ')[0]}×${run.split(' ').length}`), '', '', ''],
        ['the right password after them', 1, rightOne.status === 200 ? 1 : 0, String(rightOne.status), '', '', ''],
      ];
      notes.push(cpuNote(`the crowd over ${CROWD_SECONDS} s`, paced), cpuNote('the crowd at once', burst));
      return {
        title: 'Sign-in: a crowd behind one address, a guesser behind many',
        columns: ['what', 'tried', 'let in / answered 401', 'statuses', 'p50 ms', 'p99 ms', 'wall ms'],
        rows,
        targets: [
          { target: `${CROWD} valid Telegram sign-ins from one address in ${CROWD_SECONDS} s all succeed`, met: paced.signedIn === CROWD },
          { target: 'their p99 under 100 ms', met: percentile(paced.latencies, 99) < 100 },
          { target: 'at once too, none refused', met: burst.signedIn === CROWD },
          {
            target: `30 wrong passwords on one account from 30 addresses: refused from the ${FAILURES_PER_ACCOUNT + 1}th on, the right one too`,
            met: wrongAnswered === FAILURES_PER_ACCOUNT && refusedFrom === FAILURES_PER_ACCOUNT && rightOne.status === 429,
          },
        ],
        notes,
      };
    } finally {
      client.close();
      await server.stop();
      await schema.drop();
    }
  },
};

export default bench;
