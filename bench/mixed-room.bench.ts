import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { GameMode } from '../protocol/constants.ts';
import { CLIENT_SEED_WAIT_MS } from '../protocol/fairness.ts';
import { openDatabase } from '../server/db/client.ts';
import { appClient, CallTally, newDeviceId, percentileOf } from './appClient.ts';
import { Bot, type BotContext } from './botPlayer.ts';
import { costliestStatements, gamesReport, hotUpdates, moneyReport, settled, statementCosts, statementCount, walPosition } from './launchKit.ts';
import { delay, freshSchema, inPool, machineNote, postgresCpuMs, roundTripNote, startServer, thousands } from './loadKit.ts';
import type { Random } from './modeBots.ts';
import { latencyColumns, latencyRow, PlayStats } from './playStats.ts';
import { Timeline } from './timeline.ts';
import type { Bench, BenchResult } from './table.ts';

/**
 * A mixed room (issue 24): 300 backgammon, 300 Belote and 300 RPS matches at once on one node
 * (MIXED_BENCH_MATCHES per mode), played by the bot players of botPlayer.ts with random legal moves after
 * a person's think time (modeBots.ts; MIXED_BENCH_THINK_SCALE scales it), over PostgreSQL. Players and
 * sessions are seeded (playersKit.ts, 1,000 USDT each); each pairs through POST /api/start-game in its
 * mode's queue ($1 backgammon and RPS, $5 Belote), first Plays spread over 10 s, sends its client seed as
 * the app does (the node waits for both, SEED_WAIT_MS at its production default) and, when its game
 * ends, plays again in the same mode, so each mode keeps its matches running (MIXED_BENCH_MODES: only the
 * modes it names). After MIXED_BENCH_SECONDS (180) every player goes: a search is canceled, a game still
 * running is left (the opponent wins), so every game has ended, by play or by that leave (both counted).
 * Then checkLedger and the money sums.
 *
 * The node runs in its own process (its sweeper, logging at info to a file); this process holds the
 * bots; the CPU of each, and PostgreSQL's, is reported apart. MIXED_BENCH_PROFILE=<dir> writes the
 * node's CPU profile there.
 */

const FULL_ROOM: { mode: GameMode; betUsdt: number }[] = [
  { mode: 'backgammon', betUsdt: 1 },
  { mode: 'blot', betUsdt: 5 },
  { mode: 'rps', betUsdt: 1 },
];
/**
 * MIXED_BENCH_MODES=blot (a comma list) plays only those modes: a room of one mode is how its own CPU per
 * move is measured (issue 38), since one process's CPU cannot be told apart by the games it served.
 */
const ROOM = process.env.MIXED_BENCH_MODES ? FULL_ROOM.filter(({ mode }) => (process.env.MIXED_BENCH_MODES ?? '').split(',').includes(mode)) : FULL_ROOM;
const MOVE_P99_TARGET_MS = 50;
const RAMP_MS = 10_000;
const SEARCH_TIMEOUT_MS = 60_000;

const random: Random = Math.random;

function skipped(reason: string): BenchResult {
  return { title: 'A mixed room: backgammon, Belote and RPS at once', columns: ['skipped'], rows: [[reason]], targets: [] };
}

const bench: Bench = {
  async run(): Promise<BenchResult> {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return skipped('needs PostgreSQL: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
    const matches = Number(process.env.MIXED_BENCH_MATCHES ?? 300);
    const seconds = Number(process.env.MIXED_BENCH_SECONDS ?? 180);
    const thinkScale = Number(process.env.MIXED_BENCH_THINK_SCALE ?? 1);
    const notes = [machineNote()];

    const schema = await freshSchema(url);
    const server = await startServer({
      databaseUrl: url,
      searchPath: schema.name,
      sweeper: true,
      logLevel: 'info',
      env: { SEED_WAIT_MS: String(CLIENT_SEED_WAIT_MS), SEARCH_TIMEOUT_MS: String(SEARCH_TIMEOUT_MS) },
      cpuProfileDir: process.env.MIXED_BENCH_PROFILE || undefined,
    });
    const database = await openDatabase({ url, searchPath: schema.name });
    const tally = new CallTally();
    const client = appClient(server.url, tally, 512);
    const stats = new PlayStats();
    const ctx: BotContext = { base: server.url, client, stats, random, thinkScale, searchTimeoutMs: SEARCH_TIMEOUT_MS };
    const bots: { bot: Bot; mode: GameMode; betUsdt: number }[] = [];
    try {
      notes.push(await roundTripNote(schema.client));
      const seeded = await server.call({ type: 'seed', count: 2 * matches * ROOM.length, balanceMicro: '1000000000' });
      seeded.forEach((player, index) => {
        const { mode, betUsdt } = ROOM[index % ROOM.length] as (typeof ROOM)[number];
        const bot = new Bot(ctx, { credentials: { kind: 'cookie', token: player.token }, address: null, deviceId: newDeviceId() }, player.id);
        bot.balance = 1000;
        bot.score = 900;
        bots.push({ bot, mode, betUsdt });
      });
      await inPool(bots, 100, async ({ bot }) => {
        await bot.connect();
        stats.cameOnline();
      });

      const loopDelay = monitorEventLoopDelay({ resolution: 10 });
      loopDelay.enable();
      const cpuBefore = await server.call({ type: 'cpu' });
      const benchBefore = process.cpuUsage();
      const postgresBefore = postgresCpuMs();
      const statementsBefore = await statementCosts(schema.client);
      const walBefore = await walPosition(schema.client);
      const timeline = new Timeline(20_000, async () => {
        const node = await server.call({ type: 'cpu' });
        const bots = process.cpuUsage();
        return {
          at: performance.now(),
          online: stats.online,
          playing: stats.playing,
          calls: tally.calls(),
          cpu: { node: (node.user + node.system) / 1000, bots: (bots.user + bots.system) / 1000, PostgreSQL: postgresCpuMs() },
          stalls: { loopMs: node.loopDelayMaxMs, gcMs: node.gcPauseMaxMs },
        };
      });
      await timeline.start();
      const start = performance.now();
      const end = start + RAMP_MS + seconds * 1000;
      await Promise.all(
        bots.map(async ({ bot, mode, betUsdt }) => {
          await delay(RAMP_MS * random());
          while (performance.now() < end) {
            await bot.playGame({ mode, betUsdt, leaveBy: end });
            // The end popup, then Play again.
            await delay(1000 + 2000 * random());
          }
        }),
      );
      const playedSeconds = (performance.now() - start) / 1000;
      await timeline.stop();
      const allSettled = await settled(schema.client, 60_000);
      const cpuAfter = await server.call({ type: 'cpu' });
      const benchCpu = process.cpuUsage(benchBefore);
      const postgresAfter = postgresCpuMs();
      const statementsAfter = await statementCosts(schema.client);
      const walAfter = await walPosition(schema.client);
      loopDelay.disable();

      const money = await moneyReport(database, schema.client, null);
      const games = await gamesReport(schema.client);
      const errors = server.errorLines();
      const { fromPairing } = stats.firstMoves();
      const okMoves = (mode: GameMode) => stats.moves[mode].filter((m) => m.status === 200).map((m) => m.ms);
      const allMoves = stats.allMoves();
      const rows = [
        ...ROOM.map(({ mode, betUsdt }) => latencyRow(`move round trip: ${mode} ($${betUsdt})`, okMoves(mode))),
        latencyRow('move round trip: all', ROOM.flatMap(({ mode }) => okMoves(mode))),
        latencyRow('Play: POST /api/start-game', tally.latencies('POST /api/start-game')),
        latencyRow('POST /api/games/:id/client-seed', tally.latencies('POST /api/games/:id/client-seed')),
        latencyRow('Play → first move possible, from the pairing Play', fromPairing),
        latencyRow('GET /api/current-game', tally.latencies('GET /api/current-game')),
      ];
      const refusals = tally.refusals();
      const late = refusals.filter((r) => r.late).reduce((sum, r) => sum + r.count, 0);
      const failed = refusals.filter((r) => !r.late).reduce((sum, r) => sum + r.count, 0);
      const nodeCpu = (cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) / 1000;
      const postgresCpu = postgresBefore === null || postgresAfter === null ? null : postgresAfter - postgresBefore;
      const share = (msCpu: number) => `${(msCpu / 1000).toFixed(1)} s (${((100 * msCpu) / 1000 / playedSeconds).toFixed(0)} % of a core)`;
      notes.push(
        '',
        `${thousands(matches)} matches per mode (${thousands(bots.length)} players, each with its socket), first Plays over ${RAMP_MS / 1000} s, then ${seconds} s of play; peak ${thousands(stats.peakPlaying / 2)} matches at once; ` +
          `${thousands(allMoves.length)} moves in ${playedSeconds.toFixed(0)} s (${thousands(allMoves.length / playedSeconds)}/s on average, ${thousands(stats.busiestSecond(start))} in the busiest second).`,
        `games (a game still running when the time was up was left by one of its players: 'opponent-left'):`,
        ...games.map((line) => `  ${line}`),
        `CPU over the run: node ${share(nodeCpu)}, bots (this process) ${share((benchCpu.user + benchCpu.system) / 1000)}, PostgreSQL ${postgresCpu === null ? 'n/a' : share(postgresCpu)}; ` +
          `per move: node ${(nodeCpu / Math.max(1, allMoves.length)).toFixed(2)} ms, PostgreSQL ${postgresCpu === null ? 'n/a' : (postgresCpu / Math.max(1, allMoves.length)).toFixed(2)} ms (the sweeper's round changes, pairings and settlements included).`,
        `PostgreSQL's write-ahead log: ${walBefore === null || walAfter === null ? 'n/a' : `${thousands(Number(walAfter - walBefore) / Math.max(1, allMoves.length))} bytes per move`}; ` +
          `statements: ${(() => {
            const count = statementCount(statementsBefore, statementsAfter);
            return count === null ? 'n/a (no pg_stat_statements)' : `${(count / Math.max(1, allMoves.length)).toFixed(2)} per move`;
          })()} (everything included).`,
        'the run in slices (players in games at the end of each; CPU as a share of one core; moves answered in it):',
        timeline.table(allMoves),
        "PostgreSQL's costliest statements over the run (pg_stat_statements, execution time):",
        ...costliestStatements(statementsBefore, statementsAfter).map((line) => `  ${line}`),
        `HOT updates (the share that wrote no index entry): ${await hotUpdates(schema.client, schema.name)}.`,
        `bots' event loop lag p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms (counted in the round trips).`,
        `resyncs: ${stats.counts.resyncsAfterGap} after a skipped version, ${stats.counts.resyncsAfterWait} after no update by the deadline, ${stats.counts.resyncsAfter409} after a 409; ` +
          `${stats.counts.unexpectedDisconnects} sockets closed by the server, ${stats.counts.gamesStuck} games that would not end.`,
        `non-2xx: ${late} late actions the game answered correctly (409), ${failed} others${refusals.length ? `: ${refusals.slice(0, 8).map((r) => `${r.endpoint} → ${r.answer} ×${r.count}`).join('; ')}` : ''}`,
        `server error lines: ${errors.length}${errors[0] ? ` (first: ${errors[0].slice(0, 200)})` : ''}`,
        'money:',
        ...money.lines.map((line) => `  ${line}`),
      );
      const sound = money.ok && allSettled && failed === 0 && errors.length === 0;
      return {
        title: `A mixed room: ${ROOM.map(({ mode }) => `${thousands(matches)} ${mode === 'blot' ? 'Belote' : mode === 'rps' ? 'RPS' : mode}`).join(' + ')} matches at once on one node (PostgreSQL)`,
        columns: latencyColumns,
        rows,
        notes,
        targets: [
          ...ROOM.map(({ mode }) => {
            const p99 = percentileOf(okMoves(mode), 99);
            return { target: `${mode} move round trip p99 under ${MOVE_P99_TARGET_MS} ms: ${p99.toFixed(1)} ms`, met: p99 < MOVE_P99_TARGET_MS };
          }),
          { target: `every game ended, nothing refused but late actions, no server error, ledger balanced, 0 micro-USDT off: ${sound ? 'yes' : 'no'}`, met: sound },
        ],
      };
    } finally {
      for (const { bot } of bots) bot.close();
      client.close();
      await server.stop();
      await database.close();
      await schema.drop();
    }
  },
};

export default bench;
