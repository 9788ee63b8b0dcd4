import { randomBytes, randomUUID } from 'node:crypto';
import type { GameMode } from '../protocol/constants.ts';
import { betLevels } from '../protocol/game.ts';
import { usdtToMicro } from '../protocol/money.ts';
import { seedHashOf } from '../rules/random.ts';
import { hashToken, newInviteCode, newToken } from '../server/auth/tokens.ts';
import type { Database } from '../server/db/client.ts';
import { rulesOfMode } from '../rules/registry.ts';

/**
 * Signed-in players for the load benches, set-based: registering thousands through POST /api/register
 * would time argon2 (tens of ms each), not what is measured. The rows are what the real code writes:
 * a users row as createUser() inserts it (nickname = username, a fresh invite code) with its two ledger
 * accounts ('user' and 'rewards'), a sessions row as openSession() stores it (only the SHA-256 of the
 * token; the token itself becomes the `sid` cookie), and, for money, a 'deposit' transfer from the
 * 'chain' account as applyIncoming() books it, with both balances moved, so checkLedger() holds.
 */

export interface SeededPlayer {
  id: string;
  username: string;
  /** The session token: send it as the `sid` cookie. */
  token: string;
}

const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export async function seedPlayers(database: Database, count: number, balanceMicro: bigint, prefix = randomBytes(3).toString('hex')): Promise<SeededPlayer[]> {
  const players = Array.from({ length: count }, (_, n) => ({
    id: randomUUID(),
    username: `bench_${prefix}_${n}`,
    invite: newInviteCode(),
    token: newToken(),
  }));
  const rows = players.map((p) => ({ id: p.id, username: p.username, invite: p.invite, token_hash: hashToken(p.token) }));
  // In slices, so one statement's JSON stays a few MB.
  for (let start = 0; start < rows.length; start += 5000) {
    const slice = JSON.stringify(rows.slice(start, start + 5000));
    await database.rawTransaction(async (raw) => {
      await raw.query(
        `CREATE TEMP TABLE bench_input ON COMMIT DROP AS
           SELECT * FROM json_to_recordset($1::json) AS t(id uuid, username text, invite text, token_hash text)`,
        [slice],
      );
      await raw.query(`INSERT INTO users (id, username, nickname, invite_code) SELECT id, username, username, invite FROM bench_input`);
      await raw.query(
        `INSERT INTO accounts (kind, user_id) SELECT k.kind, i.id FROM bench_input i CROSS JOIN (VALUES ('user'), ('rewards')) AS k(kind)`,
      );
      await raw.query(`INSERT INTO sessions (token_hash, user_id, expires_at) SELECT token_hash, id, $1::timestamptz FROM bench_input`, [
        new Date(Date.now() + SESSION_TTL_MS).toISOString(),
      ]);
      if (balanceMicro > 0n) {
        const amount = balanceMicro.toString();
        await raw.query(
          `INSERT INTO transfers (from_account, to_account, amount_micro, kind, idempotency_key, ref)
           SELECT (SELECT id FROM accounts WHERE kind = 'chain' AND user_id IS NULL AND shard = 0), a.id, $1::bigint, 'deposit',
                  'bench-seed:' || a.user_id, 'bench-seed'
             FROM accounts a JOIN bench_input i ON i.id = a.user_id
            WHERE a.kind = 'user'`,
          [amount],
        );
        await raw.query(`UPDATE accounts SET balance_micro = balance_micro + $1::bigint WHERE kind = 'user' AND user_id IN (SELECT id FROM bench_input)`, [amount]);
        await raw.query(
          `UPDATE accounts SET balance_micro = balance_micro - $1::bigint * (SELECT count(*) FROM bench_input) WHERE kind = 'chain' AND user_id IS NULL AND shard = 0`,
          [amount],
        );
      }
    });
  }
  return players.map(({ id, username, token }) => ({ id, username, token }));
}

export interface SeededGame {
  gameId: string;
  /** Seat order, as createGame() takes it. */
  players: [string, string];
}

/**
 * Running games, set-based, as a pairing leaves them (queue.ts startSearch + engine.ts createGame): each
 * player's bet moved to escrow by a 'bet' transfer, both game_players rows with the rating before, and
 * the game row. With a seed wait (the node's SEED_WAIT_MS, production's default) the game waits for its
 * players' client seeds, stateless, until now + the wait, and has no log line yet; without one it has the
 * state its rules create, their deadline and the log's 'create' line, its first turn starting now.
 */
export async function seedGames(database: Database, pairs: [string, string][], mode: GameMode, betUsdt: number, seedWaitMs: number): Promise<SeededGame[]> {
  const rules = rulesOfMode(mode);
  const level = betLevels[mode].find((l) => l.bet === betUsdt);
  if (!level) throw new Error(`no ${mode} game at ${betUsdt} USDT`);
  const now = Date.now();
  const games = pairs.map(([a, b]) => {
    const seed = randomBytes(32).toString('hex');
    const state = seedWaitMs > 0 ? null : rules.create([a, b], seed, now);
    const deadline = state === null ? now + seedWaitMs : rules.deadline(state);
    return { id: randomUUID(), a, b, state, deadline: deadline === null ? null : new Date(deadline).toISOString(), seed, seed_hash: seedHashOf(seed) };
  });
  const bet = usdtToMicro(level.bet).toString();
  const payout = usdtToMicro(level.payout).toString();
  await database.rawTransaction(async (raw) => {
    await raw.query(
      `CREATE TEMP TABLE bench_pair ON COMMIT DROP AS
         SELECT * FROM json_to_recordset($1::json) AS t(id uuid, a uuid, b uuid, state jsonb, deadline timestamptz, seed text, seed_hash text)`,
      [JSON.stringify(games)],
    );
    await raw.query(
      `CREATE TEMP TABLE bench_seat ON COMMIT DROP AS
         SELECT p.id AS game_id, s.user_id, s.seat FROM bench_pair p CROSS JOIN LATERAL (VALUES (p.a, 0), (p.b, 1)) AS s(user_id, seat)`,
    );
    if (bet !== '0') {
      await raw.query(
        `INSERT INTO transfers (from_account, to_account, amount_micro, kind, idempotency_key, ref)
         SELECT a.id, (SELECT id FROM accounts WHERE kind = 'escrow' AND user_id IS NULL AND shard = 0), $1::bigint, 'bet', 'bench-pair:' || s.game_id || ':' || s.seat, s.game_id::text
           FROM bench_seat s JOIN accounts a ON a.kind = 'user' AND a.user_id = s.user_id`,
        [bet],
      );
      await raw.query(`UPDATE accounts SET balance_micro = balance_micro - $1::bigint WHERE kind = 'user' AND user_id IN (SELECT user_id FROM bench_seat)`, [bet]);
      await raw.query(
        `UPDATE accounts SET balance_micro = balance_micro + $1::bigint * (SELECT count(*) FROM bench_seat) WHERE kind = 'escrow' AND user_id IS NULL AND shard = 0`,
        [bet],
      );
    }
    await raw.query(
      `INSERT INTO games (id, game_mode, bet_micro, payout_micro, state, deadline_at, seed, seed_hash, client_seeds, created_at)
       SELECT id, $1, $2::bigint, $3::bigint, coalesce(state, 'null'::jsonb), deadline, seed, seed_hash, '["", ""]'::jsonb, $4::timestamptz FROM bench_pair`,
      [mode, bet, payout, new Date(now).toISOString()],
    );
    await raw.query(
      `INSERT INTO game_players (game_id, user_id, seat, score_before)
       SELECT s.game_id, s.user_id, s.seat, u.score FROM bench_seat s JOIN users u ON u.id = s.user_id`,
    );
    await raw.query(
      `INSERT INTO game_log (game_id, seq, at, actor, action, move, version)
       SELECT id, 1, $1::timestamptz, 'server', 'create', jsonb_build_object('players', jsonb_build_array(a, b)), 1 FROM bench_pair WHERE state IS NOT NULL`,
      [new Date(now).toISOString()],
    );
  });
  return games.map((g) => ({ gameId: g.id, players: [g.a, g.b] }));
}
