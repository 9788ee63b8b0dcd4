import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sign } from '@telegram-apps/init-data-node';
import { gameModes } from '../protocol/constants.ts';
import { CLIENT_SEED_WAIT_MS } from '../protocol/fairness.ts';
import { betLevels, SCORE_GATE, scoreGatedBets } from '../protocol/gameConstants.ts';
import type { User } from '../protocol/user.ts';
import { openDatabase } from '../server/db/client.ts';
import { appClient, CallTally, newDeviceId, percentileOf, type PlayerLink } from './appClient.ts';
import { Bot, type BotContext, type GamePlan } from './botPlayer.ts';
import { commandCpuMs, costliestStatements, gamesReport, hotUpdates, moneyReport, settled, startClusterTarget, startNodeTarget, statementCosts, type Target } from './launchKit.ts';
import { delay, freshSchema, machineNote, postgresCpuMs, roundTripNote, thousands } from './loadKit.ts';
import { leaveRoutes, type Random } from './modeBots.ts';
import { latencyColumns, latencyRow, PlayStats } from './playStats.ts';
import { Timeline } from './timeline.ts';
import type { Bench, BenchResult } from './table.ts';

/**
 * Launch day (issue 24): a channel post sends 10,000 new players in 5 minutes (5,000 before issue 38), from 20 carrier addresses.
 * Each signs in with valid signed Telegram data (POST /api/auth/telegram, X-Forwarded-For its carrier's
 * address, behind a node that trusts the loopback proxy), opens the app's socket with its session token,
 * and 40 % deposit on the dev chain (the deposit address, a transfer to it, the node's deposit detection
 * crediting it after 3 confirmations). Then they play (bot players of botPlayer.ts): any of the four
 * games at a level they can pay and their score allows (free for those without money), their client
 * seed sent as the app sends it, random legal moves after a person's think time, until they go away
 * after a 2–6 minute stay (LAUNCH_BENCH_STAY_S), leaving the game they are in. Some leave a game early,
 * some drop their connection mid-game and come back on a new one, some cancel a search, and a search
 * that ran out may be tried again elsewhere.
 *
 * The product is one node in its own process (every background round, the production seed wait), or with
 * LAUNCH_BENCH_CLUSTER=1 `npm run start:cluster` (two nodes behind HAProxy, PostgreSQL + Redis); this
 * process is the load generator, its CPU reported apart from the nodes', HAProxy's, PostgreSQL's
 * and Redis's. Knobs: LAUNCH_BENCH_PLAYERS (10000), LAUNCH_BENCH_SECONDS (300), LAUNCH_BENCH_STAY_S
 * (120-360), LAUNCH_BENCH_THINK_SCALE (1); LAUNCH_BENCH_PROFILE=<dir> writes the one node's CPU profile there.
 */

const BOT_TOKEN = '7000098:launch-bench-token';
const ADDRESSES = 20;
const DEPOSIT_SHARE = 0.4;
const DEPOSITS_USDT = [5, 10, 20, 20, 50];
const SEARCH_TIMEOUT_MS = 60_000;
const FIRST_MOVE_P99_TARGET_MS = 2000;

const random: Random = Math.random;
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (low: number, high: number) => low + random() * (high - low);

function skipped(reason: string): BenchResult {
  return { title: 'Launch day: 10,000 new players in 5 minutes', columns: ['skipped'], rows: [[reason]], targets: [] };
}

/** A game the player can pay for and their score allows; mostly a paid one when they have money. */
function chooseGame(bot: Bot): { mode: (typeof gameModes)[number]; betUsdt: number } {
  const mode = pick(gameModes);
  const allowed = betLevels[mode].filter((level) => level.bet <= bot.balance && !(scoreGatedBets[mode].includes(level.bet) && bot.score < SCORE_GATE));
  const paid = allowed.filter((level) => level.bet > 0);
  return { mode, betUsdt: paid.length > 0 && random() < 0.8 ? pick(paid).bet : 0 };
}

const bench: Bench = {
  async run(): Promise<BenchResult> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return skipped('needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
    const cluster = process.env.LAUNCH_BENCH_CLUSTER === '1';
    const redisUrl = process.env.REDIS_URL;
    if (cluster && !redisUrl) return skipped('LAUNCH_BENCH_CLUSTER=1 needs Redis: set REDIS_URL (e.g. redis://127.0.0.1:6379)');
    const players = Number(process.env.LAUNCH_BENCH_PLAYERS ?? 10000);
    const seconds = Number(process.env.LAUNCH_BENCH_SECONDS ?? 300);
    const [stayMin = 120, stayMax = 360] = (process.env.LAUNCH_BENCH_STAY_S ?? '120-360').split('-').map(Number);
    const thinkScale = Number(process.env.LAUNCH_BENCH_THINK_SCALE ?? 1);
    const notes = [machineNote()];

    const schema = await freshSchema(url);
    const env = { BOT_TOKEN, TRUST_PROXY: 'loopback', NODE_ENV: 'production', ALLOW_DEVCHAIN: '1', SEED_WAIT_MS: String(CLIENT_SEED_WAIT_MS), SEARCH_TIMEOUT_MS: String(SEARCH_TIMEOUT_MS) };
    const tally = new CallTally();
    const stats = new PlayStats();
    const bots = new Set<Bot>();
    let target: Target | null = null;
    let client: ReturnType<typeof appClient> | null = null;
    const database = await openDatabase({ url, searchPath: schema.name });
    try {
      target = cluster ? await startClusterTarget(url, schema.name, redisUrl as string, env) : await startNodeTarget(url, schema.name, env);
      client = appClient(target.url, tally, 512);
      const ctx: BotContext = { base: target.url, client, stats, random, thinkScale, searchTimeoutMs: SEARCH_TIMEOUT_MS };
      const { call } = client;
      notes.push(await roundTripNote(schema.client), `the product: ${target.describe}`);
      const baseId = 700_000_000 + Math.floor(random() * 1_000_000) * 100;
      const addresses = Array.from({ length: ADDRESSES }, (_, i) => `100.64.${i}.1`);

      /** One player's visit: arrive, sign in, maybe deposit, play until the stay is over. */
      const visit = async (index: number, arriveAt: number): Promise<void> => {
        await delay(Math.max(0, arriveAt - performance.now()));
        const link: PlayerLink = { credentials: null, address: addresses[index % ADDRESSES] as string, deviceId: newDeviceId() };
        const id = baseId + index;
        const initData = sign({ user: { id, first_name: 'Launch', username: `launch_${id}`, language_code: pick(['en', 'ru', 'hy']) } } as never, BOT_TOKEN, new Date());
        const signedIn = await call<{ user: User; sessionToken: string }>(link, 'POST', '/api/auth/telegram', { initData });
        if (signedIn.status !== 200) return;
        link.credentials = { kind: 'bearer', token: signedIn.body.sessionToken };
        const bot = new Bot(ctx, link, signedIn.body.user._id);
        bot.balance = signedIn.body.user.balance;
        bot.score = signedIn.body.user.score;
        bots.add(bot);
        stats.cameOnline();
        const stayUntil = performance.now() + 1000 * between(stayMin, stayMax);
        try {
          await Promise.all([bot.refreshUser(), bot.connect()]);
          if (random() < DEPOSIT_SHARE) await bot.deposit(pick(DEPOSITS_USDT));
          while (performance.now() < stayUntil - 5000) {
            const game = chooseGame(bot);
            const plan: GamePlan = {
              ...game,
              leaveBy: stayUntil,
              leaveAtAction: random() < 0.06 ? Math.floor(between(1, 40)) : undefined,
              dropAtAction: random() < 0.1 ? Math.floor(between(0, 20)) : undefined,
              cancelSearchAt: random() < 0.05 ? performance.now() + between(5_000, 30_000) : undefined,
            };
            const outcome = await bot.playGame(plan);
            if (outcome === 'search-timeout' && random() < 0.5) break;
            // The end popup, the lobby, the bet popup.
            await delay(between(1000, 6000));
          }
        } catch {
          // A socket that could not be opened three times: counted in the stats; the player gives up.
        } finally {
          bot.close();
          bots.delete(bot);
          stats.wentOffline();
        }
      };

      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      const cpuBefore = await target.cpu();
      const benchBefore = process.cpuUsage();
      const postgresBefore = postgresCpuMs();
      const statementsBefore = await statementCosts(schema.client);
      const redisBefore = cluster ? commandCpuMs('redis-server') : null;
      const product = target;
      const timeline = new Timeline(30_000, async () => {
        const cpu = await product.cpu();
        const generator = process.cpuUsage();
        return {
          at: performance.now(),
          online: stats.online,
          playing: stats.playing,
          calls: tally.calls(),
          cpu: {
            [cluster ? 'nodes' : 'node']: cpu.nodes,
            ...(cluster ? { HAProxy: cpu.haproxy, launcher: cpu.launcher } : {}),
            generator: (generator.user + generator.system) / 1000,
            PostgreSQL: postgresCpuMs(),
            ...(cluster ? { Redis: commandCpuMs('redis-server') } : {}),
          },
        };
      });
      await timeline.start();
      const start = performance.now();
      // Arrivals at random (a Poisson stream), evenly spread over the window on average.
      const arrivals = Array.from({ length: players }, () => start + 1000 * seconds * random()).sort((a, b) => a - b);
      await Promise.all(arrivals.map((at, index) => visit(index, at)));
      const playedSeconds = (performance.now() - start) / 1000;
      await timeline.stop();
      const allSettled = await settled(schema.client, 60_000);
      const cpuAfter = await target.cpu();
      const benchCpu = process.cpuUsage(benchBefore);
      const postgresAfter = postgresCpuMs();
      const statementsAfter = await statementCosts(schema.client);
      const redisAfter = cluster ? commandCpuMs('redis-server') : null;
      loopDelay.disable();

      const money = await moneyReport(database, schema.client, stats.counts.depositedMicro);
      const games = await gamesReport(schema.client);
      const errors = target.errorLines();
      const { fromPairing, fromOwnPlay, notDrawn } = stats.firstMoves();
      const okMoves = (mode: (typeof gameModes)[number]) => stats.moves[mode].filter((m) => m.status === 200).map((m) => m.ms);

      const rows: (string | number)[][] = [
        latencyRow('sign-in: POST /api/auth/telegram', tally.latencies('POST /api/auth/telegram')),
        latencyRow('GET /api/protected (the session user)', tally.latencies('GET /api/protected')),
        latencyRow('socket handshake and connect', stats.socketConnects),
        latencyRow('GET /api/wallet/wallet-address', tally.latencies('GET /api/wallet/wallet-address')),
        latencyRow('POST /api/dev/deposit', tally.latencies('POST /api/dev/deposit')),
        latencyRow('deposit sent → credited (3 confirmations)', stats.depositCredited),
        latencyRow('Play: POST /api/start-game', tally.latencies('POST /api/start-game')),
        latencyRow('POST /api/games/:id/client-seed', tally.latencies('POST /api/games/:id/client-seed')),
        latencyRow('Play → first move possible, from the pairing Play', fromPairing),
        latencyRow('Play → first move possible, from own Play', fromOwnPlay),
        ...gameModes.map((mode) => latencyRow(`move round trip: ${mode}`, okMoves(mode))),
        latencyRow('leave (the four routes)', tally.latencies(...Object.values(leaveRoutes).map((route) => `POST ${route}`))),
        latencyRow('POST /api/cancel-search', tally.latencies('POST /api/cancel-search')),
        latencyRow('GET /api/current-game', tally.latencies('GET /api/current-game')),
      ];

      const refusals = tally.refusals();
      const fiveXx = tally.count((status) => status >= 500);
      const unanswered = tally.count((status) => status === 0);
      const tooMany = tally.count((status) => status === 429);
      const bad = refusals.filter((r) => !r.late && r.status >= 400 && r.status < 500).reduce((sum, r) => sum + r.count, 0);
      const late = refusals.filter((r) => r.late).reduce((sum, r) => sum + r.count, 0);
      const signedIn = tally.count((status, endpoint) => endpoint === 'POST /api/auth/telegram' && status === 200);
      const allMoves = stats.allMoves();
      const cpu = (after: number | null, before: number | null) => (after === null || before === null ? null : after - before);
      const nodeCpu = cpuAfter.nodes - cpuBefore.nodes;
      const proxyCpu = cpu(cpuAfter.haproxy, cpuBefore.haproxy);
      const launcherCpu = cpu(cpuAfter.launcher, cpuBefore.launcher);
      const postgresCpu = cpu(postgresAfter, postgresBefore);
      const redisCpu = cpu(redisAfter, redisBefore);
      const share = (msCpu: number) => `${(msCpu / 1000).toFixed(1)} s (${((100 * msCpu) / 1000 / playedSeconds).toFixed(0)} % of a core)`;

      notes.push(
        '',
        `${thousands(players)} players arriving over ${seconds} s from ${ADDRESSES} addresses, staying ${stayMin}–${stayMax} s; ${thousands(signedIn)} signed in; ` +
          `${thousands(stats.counts.depositsSent)} deposited (${stats.counts.depositsNotCredited} not credited in 90 s); peak ${thousands(stats.peakOnline)} online, ${thousands(stats.peakPlaying)} seats in games at once.`,
        `the run: ${playedSeconds.toFixed(0)} s; ${thousands(tally.calls())} HTTP calls; ${thousands(allMoves.length)} moves (${thousands(allMoves.length / playedSeconds)}/s on average, ${thousands(stats.busiestSecond(start))} in the busiest second).`,
        `games joined ${thousands(stats.counts.gamesJoined)} seats; searches: ${stats.counts.searchesTimedOut} ran out, ${stats.counts.searchesCanceled} canceled, ${stats.counts.searchesLost} lost; ` +
          `${stats.counts.leaves} leaves, ${stats.counts.drops} connections dropped mid-game and reopened, ${stats.counts.unexpectedDisconnects} sockets closed by the other side, ` +
          `${stats.counts.socketFailures} socket connects failed, resyncs ${stats.counts.resyncsAfterGap} after a skipped version, ${stats.counts.resyncsAfterWait} after no update by the deadline, ${stats.counts.resyncsAfter409} after a 409; ${stats.counts.gamesLost} games lost track of, ${stats.counts.gamesStuck} games that would not end, ${notDrawn} seats never saw their game drawn.`,
        ...games.map((line) => `  ${line}`),
        `first move possible: the seats that may move first (both in RPS), from the later of the two players' start-game sends (pairing, gameStarted, both client seeds with the ${CLIENT_SEED_WAIT_MS} ms wait, the first draw, the update), and from the seat's own Play (its wait in the queue too).`,
        `move round trips: 2xx answers only, from the write to the parsed answer; all moves' answers are in the statuses below.`,
        `CPU over the run: nodes ${share(nodeCpu)}${proxyCpu === null ? '' : `, HAProxy ${share(proxyCpu)}`}${launcherCpu === null ? '' : `, start:cluster's log relay ${share(launcherCpu)}`}, load generator (this process) ${share((benchCpu.user + benchCpu.system) / 1000)}, ` +
          `PostgreSQL ${postgresCpu === null ? 'n/a' : share(postgresCpu)}${redisCpu === null ? '' : `, Redis ${share(redisCpu)}`}; per move (all of it / moves): nodes ${(nodeCpu / Math.max(1, allMoves.length)).toFixed(2)} ms, PostgreSQL ${postgresCpu === null ? 'n/a' : (postgresCpu / Math.max(1, allMoves.length)).toFixed(2)} ms.`,
        'the run in slices (players online and in games at the end of each; CPU as a share of one core; moves answered in it):',
        timeline.table(allMoves),
        "PostgreSQL's costliest statements over the run (pg_stat_statements, execution time):",
        ...costliestStatements(statementsBefore, statementsAfter).map((line) => `  ${line}`),
        `HOT updates (the share that wrote no index entry): ${await hotUpdates(schema.client, schema.name)}.`,
        `load generator's event loop lag p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms (counted in every round trip above).`,
        '',
        `non-2xx answers (${thousands(late)} late actions the game answered correctly, ${thousands(bad)} bad 4xx, ${thousands(fiveXx)} 5xx, ${thousands(unanswered)} unanswered):`,
        ...(refusals.length === 0
          ? ['  none']
          : refusals.map((r) => `  ${r.endpoint} → ${r.answer}: ${thousands(r.count)}  (${r.late ? "late: the game's correct answer" : r.status === 0 ? 'unanswered' : r.status >= 500 ? 'server error' : 'bad'})`)),
        `server error lines: ${errors.length}${errors.length ? `; first: ${errors.slice(0, 3).map((line) => line.slice(0, 300)).join(' | ')}` : ''}`,
        `everything settled after the last player left: ${allSettled ? 'yes' : 'no (games or searches still open after 60 s)'}`,
        'money:',
        ...money.lines.map((line) => `  ${line}`),
      );

      const firstMoveP99 = percentileOf(fromPairing, 99);
      return {
        title: `Launch day${cluster ? ' on the cluster' : ''}: ${thousands(players)} new players in ${seconds} s from ${ADDRESSES} addresses (PostgreSQL${cluster ? ' + Redis, 2 nodes' : ', one node'})`,
        columns: latencyColumns,
        rows,
        notes,
        targets: [
          { target: `0 5xx and no call unanswered: ${fiveXx} 5xx, ${unanswered} unanswered`, met: fiveXx === 0 && unanswered === 0 },
          { target: `0 429 to a valid player: ${tooMany}`, met: tooMany === 0 },
          { target: `no bad 4xx (a valid player's call refused for no game reason): ${bad}`, met: bad === 0 },
          { target: `0 micro-USDT off, ledger balanced, every game and search ended: ${money.ok && allSettled ? 'yes' : 'no'}`, met: money.ok && allSettled },
          { target: `time to first move p99 under ${FIRST_MOVE_P99_TARGET_MS} ms: ${firstMoveP99.toFixed(0)} ms`, met: firstMoveP99 < FIRST_MOVE_P99_TARGET_MS },
        ],
      };
    } finally {
      for (const bot of bots) bot.close();
      client?.close();
      await target?.stop();
      await database.close();
      await schema.drop();
    }
  },
};

export default bench;
