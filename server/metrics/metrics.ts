import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { GameMode } from '../../protocol/constants.ts';

/**
 * Every metric this server exports, by name, in one place (the table in server/README.md "Metrics").
 * One registry per app: tests run several apps in one process, and each node's figures are its own.
 *
 * What the hot paths call (a move, a request) only increments or observes, through children kept per
 * label set (prom-client hashes a label object at every call otherwise); what needs the database is
 * read when Prometheus scrapes (scrape.ts), never on a player's request.
 */

/** What became of a move: written, refused by the rules (422), too late or on an old version (409), anything else. */
export type MoveOutcome = 'accepted' | 'illegal' | 'stale' | 'refused' | 'error';
/** A player's sign-in: password (`POST /api/login`), the Mini App's signed data (`POST /api/auth/telegram`), Telegram's login widget (`GET`). */
export type SignInKind = 'password' | 'telegram' | 'telegram-widget';
/** Signed in; wrong credentials or forged data (401); refused by a limit (429); a bad request (400); anything else. */
export type SignInResult = 'ok' | 'refused' | 'limited' | 'invalid' | 'error';

const SECONDS_FAST = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const SECONDS_WAIT = [0.5, 1, 2, 5, 10, 20, 30, 45, 60, 120, 300];
/** A deadline timer is a few ms late; the sweeper up to GAME_SWEEP_MS (200 ms), more under load or when behind. */
const SECONDS_LATE = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Who applied a due deadline: this node's timer at the deadline (deadlines.ts), or the sweeper's round. */
export type DeadlineBy = 'timer' | 'sweeper';

/** A child per label key, made once: the hot path pays one Map lookup instead of prom-client's label hashing. */
function children<T>(make: (key: string) => T): (key: string) => T {
  const made = new Map<string, T>();
  return (key) => {
    let child = made.get(key);
    if (child === undefined) {
      child = make(key);
      made.set(key, child);
    }
    return child;
  };
}

/**
 * `node` labels every sample; `has` says which parts this node has (a gauge registered for what it has
 * not would read 0: Redis "down" on a node without Redis).
 */
export function createMetrics(node: string, has: { pool: boolean; redis: boolean }) {
  const registry = new Registry();
  // Every sample says which node it is from: a cluster's nodes are scraped apart, and one can be sick.
  registry.setDefaultLabels({ node });
  const registers = [registry];

  const httpDuration = new Histogram({
    name: 'duel_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern (never the raw URL) and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS_FAST,
    registers,
  });
  const socketConnections = new Gauge({ name: 'duel_socket_connections', help: 'Socket.IO clients connected to this node.', registers });
  const socketEventsReceived = new Counter({
    name: 'duel_socket_events_received_total',
    help: "Socket.IO events this node's clients sent it, by event (a name the server does not listen to: '(other)').",
    labelNames: ['event'] as const,
    registers,
  });
  const socketEventsSent = new Counter({
    name: 'duel_socket_events_sent_total',
    help: 'Socket.IO events this node emitted, by event: one per emit (a room emit counts once, however many sockets, here or on other nodes through Redis, receive it).',
    labelNames: ['event'] as const,
    registers,
  });

  const moves = new Counter({ name: 'duel_moves_total', help: 'Moves by mode and outcome (accepted, illegal, stale, refused, error).', labelNames: ['mode', 'outcome'] as const, registers });
  const moveDuration = new Histogram({
    name: 'duel_move_duration_seconds',
    help: 'Time to make an accepted move, from the route to its answer (database included), by mode.',
    labelNames: ['mode'] as const,
    buckets: SECONDS_FAST,
    registers,
  });
  const gamesRunning = new Gauge({ name: 'duel_games_running', help: 'Games in progress by mode (all nodes: read from the database at scrape).', labelNames: ['mode'] as const, registers });
  const gamesEnded = new Counter({ name: 'duel_games_ended_total', help: 'Games this node ended, by mode and end reason.', labelNames: ['mode', 'reason'] as const, registers });
  const timeouts = new Counter({ name: 'duel_game_timeouts_total', help: "Rules' timeouts this node applied (turn clocks, RPS reveals), by mode.", labelNames: ['mode'] as const, registers });
  const deadlineLag = new Histogram({
    name: 'duel_sweeper_lag_seconds',
    help: "How late after a game's deadline this node applied it (a rules' timeout, the end of a seed wait), by who applied it (timer, sweeper).",
    labelNames: ['by'] as const,
    buckets: SECONDS_LATE,
    registers,
  });

  const searchers = new Gauge({ name: 'duel_searchers', help: 'Players waiting in each public queue (mode, bet in USDT), read at scrape.', labelNames: ['mode', 'bet'] as const, registers });
  const searchWait = new Histogram({
    name: 'duel_search_wait_seconds',
    help: "Time from a search's start to its game's start, for searches this node took, by mode.",
    labelNames: ['mode'] as const,
    buckets: SECONDS_WAIT,
    registers,
  });
  const searchTimeouts = new Counter({ name: 'duel_search_timeouts_total', help: 'Searches that ended without a game (their bet refunded), by mode.', labelNames: ['mode'] as const, registers });

  const depositsSeen = new Counter({ name: 'duel_deposits_seen_total', help: 'Deposits to our addresses first seen on the chain, by currency.', labelNames: ['currency'] as const, registers });
  const depositsCredited = new Counter({ name: 'duel_deposits_credited_total', help: 'Deposits credited to a balance, by currency.', labelNames: ['currency'] as const, registers });
  const oldestPendingDeposit = new Gauge({ name: 'duel_deposit_oldest_pending_seconds', help: 'Age of the oldest deposit seen and not yet credited (0: none), read at scrape.', registers });
  const depositCursorLag = new Gauge({
    name: 'duel_deposit_cursor_lag_blocks',
    help: "Blocks between the stored deposit cursor and the chain's head as this node's last deposit poll saw it (absent until this node has polled).",
    registers,
  });
  // prom-client shows an unlabelled gauge at 0 from the start: absent says "not polled here" instead.
  depositCursorLag.remove();
  const withdrawalsOpen = new Gauge({ name: 'duel_withdrawals_open', help: 'Withdrawals not final, by state (review, pending, sending), read at scrape.', labelNames: ['state'] as const, registers });
  const oldestOpenWithdrawal = new Gauge({ name: 'duel_withdrawal_oldest_open_seconds', help: 'Age of the oldest withdrawal not final (0: none), read at scrape.', registers });
  const withdrawalsFinished = new Counter({ name: 'duel_withdrawals_finished_total', help: 'Withdrawals this node settled, by final state (completed, failed).', labelNames: ['state'] as const, registers });

  // The hot wallet's balance as the server last read it from the chain (chain_balances), and the treasury's
  // latest daily snapshot: read from the database at scrape, never from the chain.
  const hotWalletUsdt = new Gauge({ name: 'duel_hot_wallet_usdt', help: "USDT in the hot wallet as last read from the chain (absent: never read), read at scrape.", registers });
  const hotWalletTrx = new Gauge({ name: 'duel_hot_wallet_trx', help: "TRX in the hot wallet as last read from the chain (withdrawals burn it), read at scrape.", registers });
  const hotWalletAge = new Gauge({ name: 'duel_hot_wallet_age_seconds', help: "Age of that reading of the hot wallet's balances.", registers });
  const treasuryCoverage = new Gauge({ name: 'duel_treasury_coverage_ratio', help: "What the house holds over what it owes, at the treasury's latest daily snapshot (absent: none, or it owed nothing).", registers });
  const treasuryAge = new Gauge({ name: 'duel_treasury_snapshot_age_seconds', help: "Age of the treasury's latest daily snapshot.", registers });

  const signIns = new Counter({ name: 'duel_sign_ins_total', help: 'Sign-ins by kind and result.', labelNames: ['kind', 'result'] as const, registers });
  const limiterRefusals = new Counter({ name: 'duel_limiter_refusals_total', help: "Requests the sign-in doors' limits refused (429), by rule.", labelNames: ['rule'] as const, registers });

  const poolInUse = has.pool ? new Gauge({ name: 'duel_db_pool_in_use', help: "PostgreSQL connections checked out of this node's pool (node-postgres only).", registers }) : null;
  const poolWaiting = has.pool ? new Gauge({ name: 'duel_db_pool_waiting', help: "Queries waiting for a connection of this node's pool (node-postgres only).", registers }) : null;
  const redisUp = has.redis ? new Gauge({ name: 'duel_redis_up', help: "1 when this node's Redis connection is ready (only when REDIS_URL is set).", registers }) : null;
  const collectFailures = new Counter({ name: 'duel_metrics_collect_failures_total', help: 'Scrapes whose database figures could not be read (those gauges are then absent).', registers });

  const httpChild = children((key) => {
    const [method = '', status = '', route = ''] = key.split(' ');
    return httpDuration.labels({ method, route, status });
  });
  const moveChild = children((key) => {
    const [mode = '', outcome = ''] = key.split(' ');
    return moves.labels({ mode, outcome });
  });
  const moveDurationChild = children((mode) => moveDuration.labels({ mode }));
  const receivedChild = children((event) => socketEventsReceived.labels({ event }));
  const sentChild = children((event) => socketEventsSent.labels({ event }));
  const lagChild = children((by) => deadlineLag.labels({ by }));

  return {
    registry,
    /** A finished HTTP request; `route` is the route's pattern, or '(unmatched)'. */
    request(method: string, route: string, status: number, seconds: number): void {
      httpChild(`${method} ${status} ${route}`).observe(seconds);
    },
    move(mode: GameMode, outcome: MoveOutcome, seconds?: number): void {
      moveChild(`${mode} ${outcome}`).inc();
      if (seconds !== undefined) moveDurationChild(mode).observe(seconds);
    },
    /** `event` must be one of a known few (sockets/metrics.ts): a label per client-chosen name would grow without end. */
    socketEventReceived(event: string): void {
      receivedChild(event).inc();
    },
    socketEventSent(event: string): void {
      sentChild(event).inc();
    },
    /** A due deadline applied `seconds` after it came. */
    deadlineApplied(by: DeadlineBy, seconds: number): void {
      lagChild(by).observe(Math.max(0, seconds));
    },
    depositCursorLag(blocks: number): void {
      depositCursorLag.set(blocks);
    },
    gameEnded(mode: GameMode, reason: string): void {
      gamesEnded.inc({ mode, reason });
    },
    timeout(mode: GameMode): void {
      timeouts.inc({ mode });
    },
    searchWaited(mode: GameMode, seconds: number): void {
      searchWait.observe({ mode }, seconds);
    },
    searchesTimedOut(mode: GameMode, count: number): void {
      searchTimeouts.inc({ mode }, count);
    },
    depositSeen(currency: string): void {
      depositsSeen.inc({ currency });
    },
    depositCredited(currency: string): void {
      depositsCredited.inc({ currency });
    },
    withdrawalFinished(state: 'completed' | 'failed'): void {
      withdrawalsFinished.inc({ state });
    },
    signIn(kind: SignInKind, result: SignInResult): void {
      signIns.inc({ kind, result });
    },
    limiterRefused(rule: string): void {
      limiterRefusals.inc({ rule });
    },
    /** The gauges scrape.ts sets from the database and the process when Prometheus asks. */
    scraped: {
      socketConnections,
      gamesRunning,
      searchers,
      oldestPendingDeposit,
      withdrawalsOpen,
      oldestOpenWithdrawal,
      hotWalletUsdt,
      hotWalletTrx,
      hotWalletAge,
      treasuryCoverage,
      treasuryAge,
      poolInUse,
      poolWaiting,
      redisUp,
      collectFailures,
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
