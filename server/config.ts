import os from 'node:os';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import { z } from 'zod';
import { CLIENT_SEED_WAIT_MS } from '../protocol/fairness.ts';
import { isTronAddress } from './wallet/tronAddress.ts';

/**
 * Every setting comes from the environment, validated here; each has a default that works embedded
 * (PGlite, devchain, no Telegram, no SMTP), so `npm start` needs none.
 */
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A USDT amount as a decimal string in the environment, kept as micro-USDT (defaults are in micro). */
const usdt = z.coerce
  .number()
  .nonnegative()
  .refine((v) => Math.round(v * 1e6) / 1e6 === v, 'must have at most 6 decimals')
  .transform((v) => BigInt(Math.round(v * 1e6)));
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** Names, or addresses written out (a dot or a colon: '1' would be read as 0.0.0.1, never what was meant). */
function trustListIsValid(list: string): boolean {
  const entries = list.split(',').map((entry) => entry.trim());
  if (!entries.every((entry) => /^(loopback|linklocal|uniquelocal)$/.test(entry) || /[.:]/.test(entry))) return false;
  try {
    proxyAddr.compile(entries);
    return true;
  } catch {
    return false;
  }
}

const environment = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalText.refine((v) => !v || /^postgres(ql)?:\/\//.test(v), 'must be a postgres:// URL'),
    REDIS_URL: optionalText.refine((v) => !v || /^rediss?:\/\//.test(v), 'must be a redis:// URL'),
    PUBLIC_URL: optionalText.refine((v) => !v || /^https?:\/\/[^/]+/.test(v), 'must be an http(s) URL'),
    BOT_TOKEN: optionalText.refine((v) => !v || /^\d+:[\w-]+$/.test(v), 'must look like 123456:ABC-token'),
    BOT_USERNAME: optionalText.refine((v) => !v || /^\w{3,64}$/.test(v), 'must be a bot username without @'),
    MINI_APP_SHORT_NAME: optionalText.refine((v) => !v || /^\w{3,64}$/.test(v), 'must be the Mini App short name from BotFather'),
    TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
    TASK_REWARD_INVITE_20: usdt.default(5_000_000n),
    TASK_REWARD_WIN_100: usdt.default(10_000_000n),
    ADMIN_USERNAME: optionalText,
    ADMIN_PASSWORD: optionalText,
    SMTP_URL: optionalText.refine((v) => !v || /^smtps?:\/\//.test(v), 'must be an smtp:// or smtps:// URL'),
    SUPPORT_URL: optionalText.refine((v) => !v || /^https:\/\//.test(v), 'must be an https:// URL'),
    MAIL_FROM: z.string().default('Duel Stakes <no-reply@localhost>'),
    SESSION_TTL_DAYS: positiveInt(30),
    AUTH_RATE_LIMIT_MAX: positiveInt(10),
    AUTH_RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
    AUTH_FAILURES_PER_ADDRESS: positiveInt(300),
    TELEGRAM_SIGNINS_PER_ACCOUNT: positiveInt(30),
    REGISTRATIONS_PER_ADDRESS_PER_HOUR: positiveInt(100),
    CHAIN: z.enum(['devchain', 'tron']).default('devchain'),
    ALLOW_DEVCHAIN: z.enum(['0', '1']).default('0'),
    DEVCHAIN_BLOCK_MS: positiveInt(1000),
    DEVCHAIN_HOT_WALLET_USDT: usdt.default(1_000_000_000_000n),
    DEPOSIT_CONFIRMATIONS: z.coerce.number().int().min(1).optional(),
    WALLET_POLL_MS: z.coerce.number().int().positive().optional(),
    TRX_USDT_RATE: usdt.default(151_000n),
    MIN_DEPOSIT: usdt.default(1_000_000n),
    TRON_API_URL: z.string().url().default('https://api.trongrid.io'),
    TRON_API_KEY: optionalText,
    USDT_CONTRACT: z.string().default('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'),
    TRON_XPUB: optionalText,
    TRON_HOT_WALLET_KEY: optionalText.refine((v) => !v || /^(0x)?[0-9a-fA-F]{64}$/.test(v), 'must be a 64-hex-digit private key'),
    TRON_XPRV: optionalText.refine((v) => !v || /^xprv[1-9A-HJ-NP-Za-km-z]{100,112}$/.test(v), 'must be an account-level extended private key (xprv…)'),
    TRON_RESOURCE_KEY: optionalText.refine((v) => !v || /^(0x)?[0-9a-fA-F]{64}$/.test(v), 'must be a 64-hex-digit private key'),
    DEVCHAIN_STAKED_TRX: z.coerce.number().int().min(0).default(1_000_000),
    SWEEP_MIN_USDT: usdt.default(20_000_000n),
    HOT_WALLET_TARGET_USDT: usdt.default(5_000_000_000n),
    TREASURY_COLD_ADDRESS: optionalText.refine((v) => !v || isTronAddress(v), 'must be a TRON address (T…, base58check)'),
    TREASURY_WATCH_MS: z.coerce.number().int().positive().optional(),
    SEARCH_TIMEOUT_MS: positiveInt(60_000),
    // How long a challenge sent into a chat waits for its taker before its bet comes back (issue 36).
    CHALLENGE_TTL_MINUTES: positiveInt(15),
    // An operator can close a mode (e.g. during an incident) without a release: its searches get 400.
    OPEN_GAME_MODES: z
      .string()
      .default('rps,blot,carrom,backgammon')
      .transform((v) => v.split(',').map((m) => m.trim()).filter(Boolean))
      .pipe(z.array(z.enum(['rps', 'blot', 'carrom', 'backgammon']))),
    GAME_SWEEP_MS: positiveInt(200),
    // How long a new game's first draw waits for the players' client seeds (issue 18); 0 draws at once.
    SEED_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(CLIENT_SEED_WAIT_MS),
    QUALIFY_DEPOSIT_USDT: usdt.default(10_000_000n),
    WITHDRAWAL_REVIEW_USDT: usdt.default(100_000_000n),
    RISK_ROUND_MS: positiveInt(60_000),
    // Expired sessions and used or expired reset tokens are deleted this often, this many rows a statement.
    HOUSEKEEPING_MS: positiveInt(600_000),
    HOUSEKEEPING_BATCH: positiveInt(1_000),
    // The proxies whose X-Forwarded-For is believed. Unset: loopback and private networks in production
    // (the product runs behind its own proxy there), none elsewhere; '0' none.
    TRUST_PROXY: optionalText.refine((v) => !v || v === '0' || trustListIsValid(v), 'must be 0 or a comma-separated list of addresses, CIDR ranges, loopback, linklocal or uniquelocal'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Prometheus metrics on a port of their own (server/metrics): unset, no metrics server at all.
    // (An empty METRICS_PORT= is unset, not port 0.)
    METRICS_PORT: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
    // The metrics tell load, money waiting and sign-in failures: loopback unless a private interface is named.
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    // The `node` label of every metric; default the host name and PORT, unique per node of a cluster.
    NODE_NAME: optionalText.refine((v) => !v || /^[\w.:-]{1,100}$/.test(v), 'must be letters, digits, . : _ or -'),
  })
  .refine((env) => !env.ADMIN_PASSWORD || env.ADMIN_PASSWORD.length >= 8, {
    message: 'ADMIN_PASSWORD must be at least 8 characters',
    path: ['ADMIN_PASSWORD'],
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** redis://… to run several nodes as one: Socket.IO events and rate limits are shared through it. */
  redisUrl: string | undefined;
  publicUrl: string;
  botToken: string | undefined;
  botUsername: string | undefined;
  /** The Mini App's short name: invite links open it directly (t.me/<bot>/<app>?startapp=<code>). */
  miniAppShortName: string | undefined;
  /** The Bot API root (a loopback stand-in in tests). */
  telegramApiUrl: string;
  /** Task rewards in micro-USDT (DESIGN.md §4). */
  taskRewards: { invite_20_friends: bigint; win_100_games: bigint };
  admin: { username: string; password: string } | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportUrl: string | undefined;
  sessionTtlMs: number;
  /** The doors into accounts (server/http/rateLimits.ts): failures per account and per address in the window, valid Telegram sign-ins per account, registrations per address per hour. */
  authLimits: {
    windowMs: number;
    failuresPerAccount: number;
    failuresPerAddress: number;
    telegramSignInsPerAccount: number;
    registrationsPerAddressPerHour: number;
  };
  logLevel: string;
  /** Prometheus metrics (server/metrics): served on `port` at `host` when a port is set; `node` labels every metric. */
  metrics: { port: number | undefined; host: string; node: string };
  /**
   * The proxies (addresses, CIDR ranges, loopback / linklocal / uniquelocal) whose X-Forwarded-For entry
   * is believed: the client's address is the nearest entry not from one of them (rate limits, session
   * records). False: the peer's address, whatever the headers say.
   */
  trustProxy: string | false;
  wallet: WalletConfig;
  games: {
    searchTimeoutMs: number;
    sweepMs: number;
    openModes: ('rps' | 'blot' | 'carrom' | 'backgammon')[];
    /** How long a new game waits for both client seeds before its first draw (0: no wait, no seeds). */
    seedWaitMs: number;
    /** How long a challenge stays open (CHALLENGE_TTL_MINUTES). */
    challengeTtlMs: number;
  };
  integrity: IntegrityConfig;
  /** The housekeeping round (server/housekeeping): how often each node asks for its turn, rows per DELETE. */
  housekeeping: { everyMs: number; batch: number };
  /** Where the built clients live; the server serves them when present. */
  distDir: string;
}

export interface WalletConfig {
  chain: 'devchain' | 'tron';
  devchainBlockMs: number;
  devchainHotWalletMicro: bigint;
  depositConfirmations: number;
  pollMs: number;
  /** micro-USDT credited per whole TRX. */
  trxRateMicro: bigint;
  minDepositMicro: bigint;
  tron: { apiUrl: string; apiKey: string | undefined; usdtContract: string; xpub: string; hotWalletKey: string } | undefined;
  /** TRX the devchain's staking account has staked for energy, in sun. */
  devchainStakedSun: bigint;
  treasury: TreasuryConfig;
}

/** The treasury's targets (server/treasury): what a sweep moves where. Keys are read by the treasury process only. */
export interface TreasuryConfig {
  /** Deposit addresses holding less (micro-USDT) are left for later: a transfer costs several TRX. */
  sweepMinMicro: bigint;
  /** The hot wallet is filled up to this (plus what waiting withdrawals need); the rest goes cold. */
  hotWalletTargetMicro: bigint;
  coldAddress: string | undefined;
  /** How often `npm run treasury -- watch` makes a pass. */
  watchMs: number;
  /** The account-level extended private key: set only in the treasury's environment (loadConfig 'treasury'). */
  xprv: string | undefined;
  /** The Stake 2.0 staking account's key, which delegates energy to deposit addresses. */
  resourceKey: string | undefined;
}

export interface IntegrityConfig {
  /** An invited friend counts toward the invite task once credited this much in deposits (micro-USDT). */
  qualifyDepositMicro: bigint;
  /** A withdrawal of at least this much waits for an operator (micro-USDT). */
  withdrawalReviewMicro: bigint;
  /** How often each node runs the risk round. */
  roundMs: number;
}

export class ConfigError extends Error {}

/**
 * `role`: a web node (the default) refuses to start with TRON_XPRV in its environment, so the keys of
 * every deposit address live only where the operator runs the treasury.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, role: 'web' | 'treasury' = 'web'): Config {
  const parsed = environment.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.ADMIN_USERNAME) !== Boolean(e.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_USERNAME and ADMIN_PASSWORD must be set together');
  }
  const fail = (message: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${message}`);
  };
  if (e.CHAIN === 'devchain' && e.NODE_ENV === 'production' && e.ALLOW_DEVCHAIN !== '1') {
    fail('CHAIN=devchain simulates deposits and must not run in production; set CHAIN=tron (or ALLOW_DEVCHAIN=1 for a demo)');
  }
  if (e.CHAIN === 'tron' && (!e.TRON_XPUB || !e.TRON_HOT_WALLET_KEY)) fail('CHAIN=tron needs TRON_XPUB and TRON_HOT_WALLET_KEY');
  if (role === 'web' && e.TRON_XPRV) {
    fail('TRON_XPRV is the treasury’s key to every deposit address: a web node must not hold it. Remove it here and run `npm run treasury` with it.');
  }
  const devchain = e.CHAIN === 'devchain';
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    botToken: e.BOT_TOKEN,
    botUsername: e.BOT_USERNAME,
    miniAppShortName: e.MINI_APP_SHORT_NAME,
    telegramApiUrl: e.TELEGRAM_API_URL.replace(/\/+$/, ''),
    taskRewards: { invite_20_friends: e.TASK_REWARD_INVITE_20, win_100_games: e.TASK_REWARD_WIN_100 },
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportUrl: e.SUPPORT_URL,
    sessionTtlMs: e.SESSION_TTL_DAYS * 24 * 60 * 60 * 1000,
    authLimits: {
      windowMs: e.AUTH_RATE_LIMIT_WINDOW_MS,
      failuresPerAccount: e.AUTH_RATE_LIMIT_MAX,
      failuresPerAddress: e.AUTH_FAILURES_PER_ADDRESS,
      telegramSignInsPerAccount: e.TELEGRAM_SIGNINS_PER_ACCOUNT,
      registrationsPerAddressPerHour: e.REGISTRATIONS_PER_ADDRESS_PER_HOUR,
    },
    logLevel: e.LOG_LEVEL,
    metrics: { port: e.METRICS_PORT, host: e.METRICS_HOST, node: e.NODE_NAME ?? `${os.hostname()}:${e.PORT}` },
    trustProxy: e.TRUST_PROXY === undefined ? (e.NODE_ENV === 'production' ? 'loopback,uniquelocal' : false) : e.TRUST_PROXY === '0' ? false : e.TRUST_PROXY,
    wallet: {
      chain: e.CHAIN,
      devchainBlockMs: e.DEVCHAIN_BLOCK_MS,
      devchainHotWalletMicro: e.DEVCHAIN_HOT_WALLET_USDT,
      depositConfirmations: e.DEPOSIT_CONFIRMATIONS ?? (devchain ? 3 : 19),
      pollMs: e.WALLET_POLL_MS ?? (devchain ? e.DEVCHAIN_BLOCK_MS : 10_000),
      trxRateMicro: e.TRX_USDT_RATE,
      minDepositMicro: e.MIN_DEPOSIT,
      tron:
        e.CHAIN === 'tron' && e.TRON_XPUB && e.TRON_HOT_WALLET_KEY
          ? {
              apiUrl: e.TRON_API_URL.replace(/\/+$/, ''),
              apiKey: e.TRON_API_KEY,
              usdtContract: e.USDT_CONTRACT,
              xpub: e.TRON_XPUB,
              hotWalletKey: e.TRON_HOT_WALLET_KEY.replace(/^0x/, ''),
            }
          : undefined,
      devchainStakedSun: BigInt(e.DEVCHAIN_STAKED_TRX) * 1_000_000n,
      treasury: {
        sweepMinMicro: e.SWEEP_MIN_USDT,
        hotWalletTargetMicro: e.HOT_WALLET_TARGET_USDT,
        coldAddress: e.TREASURY_COLD_ADDRESS,
        watchMs: e.TREASURY_WATCH_MS ?? (devchain ? 10_000 : 300_000),
        xprv: role === 'treasury' ? e.TRON_XPRV : undefined,
        resourceKey: role === 'treasury' ? e.TRON_RESOURCE_KEY?.replace(/^0x/, '') : undefined,
      },
    },
    games: { searchTimeoutMs: e.SEARCH_TIMEOUT_MS, sweepMs: e.GAME_SWEEP_MS, openModes: e.OPEN_GAME_MODES, seedWaitMs: e.SEED_WAIT_MS, challengeTtlMs: e.CHALLENGE_TTL_MINUTES * 60_000 },
    integrity: { qualifyDepositMicro: e.QUALIFY_DEPOSIT_USDT, withdrawalReviewMicro: e.WITHDRAWAL_REVIEW_USDT, roundMs: e.RISK_ROUND_MS },
    housekeeping: { everyMs: e.HOUSEKEEPING_MS, batch: e.HOUSEKEEPING_BATCH },
    distDir: path.resolve('dist'),
  };
}
