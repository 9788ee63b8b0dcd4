import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { WITHDRAWAL_FEE_MICRO } from '../../protocol/wallet.ts';
import type { Services } from '../context.ts';
import { chainState, withdrawals } from '../db/schema.ts';
import { moneyTransaction } from '../ledger/notify.ts';
import { lockUnfrozen } from '../integrity/frozen.ts';
import { withdrawalHold } from '../integrity/hold.ts';
import type { ChainGateway } from './gateway.ts';
import { WITHDRAWAL_FEE_LIMIT_SUN } from './tronCosts.ts';
import { saveChainBalance } from '../admin/chainBalances.ts';

type Money = Pick<Services, 'db' | 'sockets' | 'metrics'>;
type Requesting = Money & { config: Pick<Services['config'], 'integrity'> };
type WithdrawalRow = typeof withdrawals.$inferSelect;

/**
 * Past its expiry plus this margin, a signed transaction that is not on chain never will be. The margin
 * is for the node asked, not the chain: TronGrid balances over nodes that may lag, and a lagging one
 * that has not got a sent transaction yet would have it refunded though the USDT left the hot wallet.
 */
const EXPIRY_MARGIN_MS = 10 * 60_000;
/** Withdrawals settled this long before a read of the hot wallet still count as leaving it (clocks of nodes differ). */
const SETTLED_SINCE_READ_MS = 60_000;

/**
 * Takes the whole amount from the balance into the hold account and records the withdrawal, in one
 * transaction: `review` (an operator decides, server/wallet/review.ts) when integrity/hold.ts says why it
 * must wait, `pending` (the worker sends it) otherwise. A frozen account is refused (403);
 * a short balance throws InsufficientFunds. Either way nothing changes.
 */
export async function requestWithdrawal(money: Requesting, userId: string, toAddress: string, amountMicro: bigint): Promise<WithdrawalRow> {
  return moneyTransaction(money, async ({ tx, transfer }) => {
    // Exclusive: two withdrawals of one player at once would each miss the other in the 24 h sum.
    await lockUnfrozen(tx, userId, 'exclusive');
    const heldFor = await withdrawalHold(tx, money.config.integrity, userId, amountMicro);
    const [row] = await tx
      .insert(withdrawals)
      .values({ userId, toAddress, amountMicro, feeMicro: WITHDRAWAL_FEE_MICRO, status: heldFor ? 'review' : 'pending', heldFor })
      .returning();
    if (!row) throw new Error('withdrawal insert returned nothing');
    await transfer({
      from: { kind: 'user', userId },
      to: 'withdrawal_hold',
      amount: amountMicro,
      kind: 'withdrawal-hold',
      idempotencyKey: `withdrawal:${row.id}:hold`,
      ref: row.id,
    });
    return row;
  });
}

/**
 * Completes or refunds a withdrawal still on its way. `broadcasts`, when given, must still be its count
 * of broadcasts: a refusal refunds only if no other copy was sent meanwhile.
 */
async function finish(
  money: Money,
  id: string,
  outcome: 'completed' | 'failed',
  error?: string,
  broadcasts?: number,
  cost?: { feeSun: bigint; energyUsed: bigint },
): Promise<boolean> {
  const finished = await moneyTransaction(money, async ({ tx, transfer }) => {
    const [row] = await tx
      .update(withdrawals)
      .set({ status: outcome, finishedAt: new Date(), error: error ?? null, ...(cost ? { chainFeeSun: cost.feeSun, energyUsed: cost.energyUsed } : {}) })
      .where(
        and(
          eq(withdrawals.id, id),
          inArray(withdrawals.status, ['pending', 'sending']),
          broadcasts === undefined ? undefined : eq(withdrawals.broadcasts, broadcasts),
        ),
      )
      .returning();
    if (!row) return false; // another worker finished it first, or sent it again
    if (outcome === 'completed') {
      const sent = row.amountMicro - row.feeMicro;
      await transfer({ from: 'withdrawal_hold', to: 'chain', amount: sent, kind: 'withdrawal-sent', idempotencyKey: `withdrawal:${id}:sent`, ref: id });
      if (row.feeMicro > 0n) {
        await transfer({ from: 'withdrawal_hold', to: 'house_fees', amount: row.feeMicro, kind: 'withdrawal-fee', idempotencyKey: `withdrawal:${id}:fee`, ref: id });
      }
    } else {
      await transfer({
        from: 'withdrawal_hold',
        to: { kind: 'user', userId: row.userId },
        amount: row.amountMicro,
        kind: 'withdrawal-refund',
        idempotencyKey: `withdrawal:${id}:refund`,
        ref: id,
      });
    }
    return true;
  });
  // After commit, and only by the worker that settled it.
  if (finished) money.metrics.withdrawalFinished(outcome);
  return finished;
}

/**
 * Claims the oldest pending withdrawal the hot wallet can cover and signs its chain transaction, storing
 * it before anything is sent: from then on only that one transaction (one id) can ever carry this
 * withdrawal. One the hot wallet cannot cover waits, marked `waiting_funds_since` (the player still sees
 * it processing): a player is never refunded because the house has not topped up (the treasury sweeps
 * deposits to the hot wallet, waiting withdrawals first). The hot wallet's balance is read from the chain
 * just before the claim (a read from the chain has no place inside a database transaction); under the
 * claims' lock, every withdrawal signed and not settled is taken from it, and so is every one settled
 * since a little before that read (the read may or may not have seen it leave), so two nodes, or one
 * round, never spend the same balance twice. That counts some twice, which only makes the next wait.
 */
export async function claimAndSign(money: Money, gateway: ChainGateway): Promise<WithdrawalRow | null> {
  const readAt = new Date(Date.now() - SETTLED_SINCE_READ_MS);
  const hot = await gateway.balances(gateway.hotWalletAddress());
  // The freshest reading there is, kept for the metrics (duel_hot_wallet_usdt) and the balance cache.
  await saveChainBalance(money.db, gateway.hotWalletAddress(), hot);
  // Without the TRX a transfer may burn, the hot wallet can pay nothing: everything waits, unrefunded.
  const hotUsdtMicro = hot.trxSun >= WITHDRAWAL_FEE_LIMIT_SUN ? hot.usdtMicro : 0n;
  return money.db.transaction(async (tx) => {
    await tx.select().from(chainState).where(eq(chainState.name, 'withdrawal_claims')).for('update');
    const sent = sql`${withdrawals.amountMicro} - ${withdrawals.feeMicro}`;
    const [inFlight] = await tx
      .select({ micro: sql<string>`coalesce(sum(${sent}), 0)::text` })
      .from(withdrawals)
      .where(or(eq(withdrawals.status, 'sending'), and(eq(withdrawals.status, 'completed'), gte(withdrawals.finishedAt, readAt))));
    const available = hotUsdtMicro - BigInt(inFlight?.micro ?? '0');
    const [row] = await tx
      .select()
      .from(withdrawals)
      .where(and(eq(withdrawals.status, 'pending'), sql`${sent} <= ${available.toString()}::bigint`))
      .orderBy(asc(withdrawals.createdAt))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) {
      await tx
        .update(withdrawals)
        .set({ waitingFundsSince: new Date() })
        .where(and(eq(withdrawals.status, 'pending'), isNull(withdrawals.waitingFundsSince), sql`${sent} > ${available.toString()}::bigint`));
      return null;
    }
    const signed = await gateway.signWithdrawal(row.toAddress, row.amountMicro - row.feeMicro);
    const [claimed] = await tx
      .update(withdrawals)
      .set({
        status: 'sending',
        chainTxId: signed.txId,
        signedTx: signed.payload,
        expiresAt: signed.expiresAt,
        attempts: sql`${withdrawals.attempts} + 1`,
        broadcasts: 0,
        waitingFundsSince: null,
      })
      .where(eq(withdrawals.id, row.id))
      .returning();
    return claimed ?? null;
  });
}

/**
 * Sends (or sends again: the same signed transaction). A refusal is one node's word: it refunds only the
 * first broadcast, and only while no other has been sent. Once a copy may have reached any node, it may
 * be mined whatever a node says later (busy, expired, a duplicate it does not know), and only the chain
 * settles it (reconcile).
 */
async function send(money: Money, gateway: ChainGateway, row: WithdrawalRow, log?: Logger): Promise<void> {
  if (!row.chainTxId || !row.signedTx || !row.expiresAt) return;
  // Counted before it leaves, so a broadcast whose answer never comes still counts.
  const [counted] = await money.db
    .update(withdrawals)
    .set({ broadcasts: sql`${withdrawals.broadcasts} + 1` })
    .where(and(eq(withdrawals.id, row.id), eq(withdrawals.status, 'sending')))
    .returning({ broadcasts: withdrawals.broadcasts });
  if (!counted) return; // settled meanwhile
  try {
    const result = await gateway.broadcast({ txId: row.chainTxId, payload: row.signedTx, expiresAt: row.expiresAt });
    if (!result.accepted) {
      const refunded = counted.broadcasts === 1 && (await finish(money, row.id, 'failed', result.reason, 1));
      if (refunded) log?.warn({ withdrawalId: row.id, reason: result.reason }, 'withdrawal refused by the chain; refunded');
      else log?.warn({ withdrawalId: row.id, reason: result.reason }, 'a node refused a withdrawal sent before; the chain settles it');
    }
  } catch (error) {
    // Unknown outcome: the status check of a later round decides, never a second signature.
    log?.warn({ withdrawalId: row.id, err: error }, 'withdrawal broadcast outcome unknown');
  }
}

/** Settles withdrawals already handed to the chain: confirmed → completed, refused or expired → refunded. */
async function reconcile(money: Money, gateway: ChainGateway, now: Date, log?: Logger): Promise<void> {
  const sending = await money.db.select().from(withdrawals).where(eq(withdrawals.status, 'sending')).orderBy(asc(withdrawals.createdAt)).limit(100);
  for (const row of sending) {
    if (!row.chainTxId) continue;
    const info = await gateway.transactionInfo(row.chainTxId);
    const { status } = info;
    if (status === 'confirmed') await finish(money, row.id, 'completed', undefined, undefined, info);
    else if (status === 'failed') await finish(money, row.id, 'failed', 'transaction failed on chain', undefined, info);
    else if (status === 'unknown') {
      const { expiresAt } = row;
      // Past its expiry a node refuses it as expired, which settles nothing once it was sent before.
      if (!expiresAt || expiresAt.getTime() + EXPIRY_MARGIN_MS >= now.getTime()) await send(money, gateway, row, log);
      else if (await gateway.withdrawalSeen(row.chainTxId, new Date(expiresAt.getTime() - EXPIRY_MARGIN_MS), expiresAt)) {
        // A block holding it has a time before its expiry, and it was signed a minute before that. The
        // index shows it (or could not be read to the end): the node asked lags; wait for it to say final.
        log?.warn({ withdrawalId: row.id, txId: row.chainTxId }, 'the chain index may show this withdrawal sent though the node does not; waiting');
      } else await finish(money, row.id, 'failed', 'transaction expired before it reached the chain');
    }
  }
}

/** One round of the withdrawal worker: send what is new, settle what is on its way. */
export async function processWithdrawals(money: Money, gateway: ChainGateway, log?: Logger, now = new Date()): Promise<void> {
  const [anyPending] = await money.db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.status, 'pending')).limit(1);
  // The hot wallet's balance is asked for only when something waits to be sent (TronGrid is not free).
  if (anyPending) {
    for (;;) {
      const claimed = await claimAndSign(money, gateway);
      if (!claimed) break;
      log?.info({ withdrawalId: claimed.id, txId: claimed.chainTxId }, 'withdrawal signed');
      await send(money, gateway, claimed, log);
    }
  }
  await reconcile(money, gateway, now, log);
}
