import { sql } from 'drizzle-orm';
import { LANGUAGES } from '../../protocol/languages.ts';
import { bigint, bigserial, boolean, date, integer, jsonb, numeric, pgTable, primaryKey, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Typed mirror of server/db/migrations/*.sql for queries. The SQL files are the source of truth
 * (constraints, partial indexes); tests/server/schema.test.ts checks the two agree.
 */
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  email: text('email'),
  passwordHash: text('password_hash'),
  nickname: text('nickname').notNull(),
  country: text('country'),
  score: integer('score').notNull().default(900),
  telegramId: bigint('telegram_id', { mode: 'number' }),
  photoUrl: text('photo_url'),
  inviteCode: text('invite_code').notNull(),
  invitedBy: uuid('invited_by'),
  isAffiliate: boolean('is_affiliate').notNull().default(false),
  affiliatePercentage: numeric('affiliate_percentage', { precision: 5, scale: 2 }).notNull().default('3.5'),
  savedAddress: text('saved_address'),
  createdAt: createdAt(),
  savedAddressAt: timestamp('saved_address_at', { withTimezone: true }),
  frozenAt: timestamp('frozen_at', { withTimezone: true }),
  frozenReason: text('frozen_reason'),
  language: text('language', { enum: LANGUAGES }),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id'),
  adminId: uuid('admin_id'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const admins = pgTable('admins', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  createdAt: createdAt(),
  /** What they may do (protocol/operators.ts). */
  role: text('role', { enum: ['owner', 'finance', 'support', 'viewer'] }).notNull().default('owner'),
  /** Switched off by an owner: no sign-in, no session. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The second factor (migration 0022): set up but not confirmed, then on, and the last code's time step. */
  totpPendingSecret: text('totp_pending_secret'),
  totpSecret: text('totp_secret'),
  totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
});

export const adminRecoveryCodes = pgTable(
  'admin_recovery_codes',
  {
    adminId: uuid('admin_id').notNull(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.adminId, table.codeHash] })],
);

export const playedGames = pgTable('played_games', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  gameId: uuid('game_id').notNull(),
  gameMode: text('game_mode').notNull(),
  betMicro: bigint('bet_micro', { mode: 'bigint' }).notNull(),
  result: text('result', { enum: ['win', 'lose'] }).notNull(),
  opponentUsername: text('opponent_username').notNull(),
  userScore: integer('user_score').notNull(),
  opponentScore: integer('opponent_score').notNull(),
  endReason: text('end_reason'),
  createdAt: createdAt(),
});

export type UserRow = typeof users.$inferSelect;

export const accounts = pgTable('accounts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  userId: uuid('user_id'),
  balanceMicro: bigint('balance_micro', { mode: 'bigint' }).notNull().default(0n),
  /** A system account is 16 rows, shards 0-15 (migration 0008); a player's accounts are shard 0. */
  shard: smallint('shard').notNull().default(0),
  createdAt: createdAt(),
});

export const transfers = pgTable('transfers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  fromAccount: bigint('from_account', { mode: 'number' }).notNull(),
  toAccount: bigint('to_account', { mode: 'number' }).notNull(),
  amountMicro: bigint('amount_micro', { mode: 'bigint' }).notNull(),
  kind: text('kind').notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  ref: text('ref'),
  createdAt: createdAt(),
});

export const depositAddresses = pgTable('deposit_addresses', {
  userId: uuid('user_id').primaryKey(),
  derivationIndex: integer('derivation_index').notNull(),
  address: text('address').notNull(),
  createdAt: createdAt(),
});

export const deposits = pgTable('deposits', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  address: text('address').notNull(),
  chainTxId: text('chain_tx_id').notNull(),
  eventIndex: integer('event_index').notNull(),
  currency: text('currency', { enum: ['USDT', 'TRX'] }).notNull(),
  amountRaw: bigint('amount_raw', { mode: 'bigint' }).notNull(),
  creditMicro: bigint('credit_micro', { mode: 'bigint' }).notNull(),
  confirmations: integer('confirmations').notNull().default(0),
  status: text('status', { enum: ['pending', 'completed', 'below-minimum', 'failed'] }).notNull().default('pending'),
  createdAt: createdAt(),
  creditedAt: timestamp('credited_at', { withTimezone: true }),
  /** When a node last asked the chain about this deposit while it was pending (droppedDeposits.ts). */
  checkedAt: timestamp('checked_at', { withTimezone: true }),
});

export const withdrawals = pgTable('withdrawals', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  toAddress: text('to_address').notNull(),
  amountMicro: bigint('amount_micro', { mode: 'bigint' }).notNull(),
  feeMicro: bigint('fee_micro', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['review', 'pending', 'sending', 'completed', 'failed', 'rejected'] }).notNull().default('pending'),
  chainTxId: text('chain_tx_id'),
  signedTx: text('signed_tx'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  attempts: integer('attempts').notNull().default(0),
  /** How many times its signed transaction was handed to the chain: a refusal refunds only the first. */
  broadcasts: integer('broadcasts').notNull().default(1),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  reviewedBy: uuid('reviewed_by'),
  reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  reviewReason: text('review_reason'),
  heldFor: text('held_for'),
  /** When the hot wallet first could not cover it (it waits, never refunded for that); cleared once signed. */
  waitingFundsSince: timestamp('waiting_funds_since', { withTimezone: true }),
  /** TRX the chain burned for its transfer, and the energy it took (from the receipt, once final). */
  chainFeeSun: bigint('chain_fee_sun', { mode: 'bigint' }),
  energyUsed: bigint('energy_used', { mode: 'bigint' }),
});

export const chainState = pgTable('chain_state', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

export const devchainTransfers = pgTable('devchain_transfers', {
  txId: text('tx_id').notNull(),
  eventIndex: integer('event_index').notNull().default(0),
  currency: text('currency', { enum: ['USDT', 'TRX'] }).notNull(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  amountRaw: bigint('amount_raw', { mode: 'bigint' }).notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  createdAt: createdAt(),
});

/** The devchain's transactions with their receipts (fees, energy, bandwidth, result), as TRON's gettransactioninfo. */
export const devchainTransactions = pgTable('devchain_transactions', {
  txId: text('tx_id').primaryKey(),
  kind: text('kind', { enum: ['genesis', 'stake', 'trx', 'usdt', 'delegate', 'undelegate'] }).notNull(),
  ownerAddress: text('owner_address').notNull(),
  toAddress: text('to_address').notNull(),
  amountRaw: bigint('amount_raw', { mode: 'bigint' }).notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  result: text('result').notNull(),
  feeSun: bigint('fee_sun', { mode: 'bigint' }).notNull().default(0n),
  energyTotal: bigint('energy_total', { mode: 'bigint' }).notNull().default(0n),
  energyUsage: bigint('energy_usage', { mode: 'bigint' }).notNull().default(0n),
  energyStaker: text('energy_staker'),
  netUsage: bigint('net_usage', { mode: 'bigint' }).notNull().default(0n),
  createdAt: createdAt(),
});

/** One consolidation of a deposit address (server/treasury): migration 0019. */
export const sweeps = pgTable('sweeps', {
  id: uuid('id').primaryKey().defaultRandom(),
  address: text('address').notNull(),
  derivationIndex: integer('derivation_index').notNull(),
  currency: text('currency', { enum: ['USDT', 'TRX'] }).notNull(),
  amountRaw: bigint('amount_raw', { mode: 'bigint' }).notNull(),
  destination: text('destination').notNull(),
  destinationKind: text('destination_kind', { enum: ['hot', 'cold'] }).notNull(),
  step: text('step', { enum: ['fund', 'transfer', 'reclaim', 'done', 'failed'] }).notNull().default('fund'),
  leasedUntil: timestamp('leased_until', { withTimezone: true }),
  error: text('error'),
  createdAt: createdAt(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});

export const sweepTransactions = pgTable('sweep_transactions', {
  id: uuid('id').primaryKey().defaultRandom(),
  sweepId: uuid('sweep_id').notNull(),
  kind: text('kind', { enum: ['activate', 'fund', 'delegate', 'transfer', 'undelegate', 'reclaim'] }).notNull(),
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  amountRaw: bigint('amount_raw', { mode: 'bigint' }).notNull(),
  txId: text('tx_id').notNull(),
  signedTx: text('signed_tx').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  broadcasts: integer('broadcasts').notNull().default(0),
  status: text('status', { enum: ['signed', 'confirmed', 'failed', 'expired'] }).notNull().default('signed'),
  feeSun: bigint('fee_sun', { mode: 'bigint' }),
  energyUsed: bigint('energy_used', { mode: 'bigint' }),
  createdAt: createdAt(),
  settledAt: timestamp('settled_at', { withTimezone: true }),
});

/** What the house owed and held at the end of a UTC day (the treasury's daily round). */
export const treasurySnapshots = pgTable('treasury_snapshots', {
  day: date('day', { mode: 'string' }).primaryKey(),
  owesMicro: bigint('owes_micro', { mode: 'bigint' }).notNull(),
  holdsMicro: bigint('holds_micro', { mode: 'bigint' }).notNull(),
  hotMicro: bigint('hot_micro', { mode: 'bigint' }).notNull(),
  depositsMicro: bigint('deposits_micro', { mode: 'bigint' }).notNull(),
  coldMicro: bigint('cold_micro', { mode: 'bigint' }).notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** A deposit address the chain and the records disagree on (migration 0020). */
export const treasuryFlags = pgTable('treasury_flags', {
  id: uuid('id').primaryKey().defaultRandom(),
  address: text('address').notNull(),
  userId: uuid('user_id'),
  currency: text('currency', { enum: ['USDT', 'TRX'] }).notNull(),
  expectedRaw: bigint('expected_raw', { mode: 'bigint' }).notNull(),
  actualRaw: bigint('actual_raw', { mode: 'bigint' }).notNull(),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull().default(sql`now()`),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull().default(sql`now()`),
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
});

export const games = pgTable('games', {
  id: uuid('id').primaryKey().defaultRandom(),
  gameMode: text('game_mode', { enum: ['rps', 'blot', 'carrom', 'backgammon'] }).notNull(),
  betMicro: bigint('bet_micro', { mode: 'bigint' }).notNull(),
  payoutMicro: bigint('payout_micro', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['in-progress', 'completed', 'canceled'] }).notNull().default('in-progress'),
  state: jsonb('state').notNull(),
  version: integer('version').notNull().default(1),
  deadlineAt: timestamp('deadline_at', { withTimezone: true }),
  seed: text('seed').notNull(),
  seedHash: text('seed_hash').notNull(),
  /** The players' client seeds by seat ('' when one never came); null for games from before them. */
  clientSeeds: jsonb('client_seeds').$type<[string, string]>(),
  winnerId: uuid('winner_id'),
  loserId: uuid('loser_id'),
  endReason: text('end_reason'),
  rematchOf: uuid('rematch_of'),
  settlement: jsonb('settlement').$type<Settlement>(),
  createdAt: createdAt(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
});
export type GameRow = typeof games.$inferSelect;

/** What settlement leaves on the game row for the end popup (balances in micro-USDT as strings). */
export interface Settlement {
  balances: Record<string, string>;
  scoreChanges: Record<string, number>;
}

export const gamePlayers = pgTable('game_players', {
  gameId: uuid('game_id').notNull(),
  userId: uuid('user_id').notNull(),
  seat: smallint('seat').notNull(),
  active: boolean('active').notNull().default(true),
  scoreBefore: integer('score_before').notNull(),
  scoreChange: integer('score_change'),
});

export const gameLog = pgTable('game_log', {
  gameId: uuid('game_id').notNull(),
  seq: integer('seq').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  move: jsonb('move'),
  version: integer('version').notNull(),
  stateHash: text('state_hash'),
});

export const searches = pgTable('searches', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  gameMode: text('game_mode', { enum: ['rps', 'blot', 'carrom', 'backgammon'] }).notNull(),
  betMicro: bigint('bet_micro', { mode: 'bigint' }).notNull(),
  rematchOf: uuid('rematch_of'),
  opponentId: uuid('opponent_id'),
  socketId: text('socket_id'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Migration 0023: a challenge sent into a chat (issue 36). */
export const challenges = pgTable('challenges', {
  id: uuid('id').primaryKey(),
  code: text('code').notNull(),
  challengerId: uuid('challenger_id').notNull(),
  friendId: uuid('friend_id'),
  gameMode: text('game_mode', { enum: ['rps', 'blot', 'carrom', 'backgammon'] }).notNull(),
  betMicro: bigint('bet_micro', { mode: 'bigint' }).notNull(),
  payoutMicro: bigint('payout_micro', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['open', 'accepted', 'canceled', 'expired'] }).notNull().default('open'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  endedAt: timestamp('ended_at', { withTimezone: true }),
  acceptedBy: uuid('accepted_by'),
  gameId: uuid('game_id'),
});
export type ChallengeRow = typeof challenges.$inferSelect;

export const scoreHistory = pgTable('score_history', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  gameId: uuid('game_id').notNull(),
  result: text('result', { enum: ['win', 'lose'] }).notNull(),
  score: integer('score').notNull(),
  change: integer('change').notNull(),
  createdAt: createdAt(),
});

export const taskClaims = pgTable('task_claims', {
  userId: uuid('user_id').notNull(),
  task: text('task', { enum: ['invite_20_friends', 'win_100_games'] }).notNull(),
  rewardMicro: bigint('reward_micro', { mode: 'bigint' }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export const affiliateRequests = pgTable('affiliate_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  channelName: text('channel_name').notNull(),
  email: text('email').notNull(),
  additionalNotes: text('additional_notes').notNull().default(''),
  status: text('status', { enum: ['open', 'approved', 'declined'] }).notNull().default('open'),
  createdAt: createdAt(),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
});

export const adminAudit = pgTable('admin_audit', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  adminId: uuid('admin_id'),
  action: text('action').notNull(),
  target: text('target'),
  details: jsonb('details'),
  at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
});

export const chainBalances = pgTable('chain_balances', {
  address: text('address').primaryKey(),
  usdtMicro: bigint('usdt_micro', { mode: 'bigint' }).notNull(),
  trxSun: bigint('trx_sun', { mode: 'bigint' }).notNull(),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().default(sql`now()`),
});

/** Rows per UTC day of an admin list, kept once the day is final (a cache; server/admin/reports.ts). */
export const adminDayCounts = pgTable(
  'admin_day_counts',
  {
    list: text('list').notNull(),
    day: date('day').notNull(),
    n: integer('n').notNull(),
  },
  (table) => [primaryKey({ columns: [table.list, table.day] })],
);

export const sessionSignals = pgTable('session_signals', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  source: text('source', { enum: ['register', 'login', 'telegram', 'socket'] }).notNull(),
  ip: text('ip').notNull(),
  deviceId: text('device_id'),
  telegramId: bigint('telegram_id', { mode: 'number' }),
  at: timestamp('at', { withTimezone: true }).notNull().default(sql`now()`),
});

export const riskFlags = pgTable('risk_flags', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['pair-repeat', 'leave-dump', 'shared-device', 'shared-ip', 'shared-address', 'reward-farm'] }).notNull(),
  subject: text('subject').notNull(),
  userIds: uuid('user_ids').array().notNull(),
  count: integer('count').notNull(),
  firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  detail: jsonb('detail').notNull().default({}),
  status: text('status', { enum: ['open', 'dismissed'] }).notNull().default('open'),
  dismissedBy: uuid('dismissed_by'),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  dismissedCount: integer('dismissed_count'),
  dismissNote: text('dismiss_note'),
});

/** The cluster's turns at background reads one node a period is enough for (migration 0029, games/sweepTurns.ts). */
export const sweepTurns = pgTable('sweep_turns', {
  job: text('job', { enum: ['due-games'] }).primaryKey(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
});
