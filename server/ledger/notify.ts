import { randomInt } from 'node:crypto';
import type { Services } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { userRoom } from '../sockets/index.ts';
import { microToUsdt } from '../../protocol/money.ts';
import { SYSTEM_ACCOUNT_SHARDS, transferMany, type TransferRequest, type TransferResult } from './ledger.ts';

export interface MoneyTx {
  tx: Tx;
  /** `transfer` in this transaction; remembers whose balance changed. */
  transfer(request: TransferRequest): Promise<TransferResult>;
  /** Several transfers in order, in one round trip (ledger.ts transferMany). */
  transferMany(requests: TransferRequest[]): Promise<TransferResult[]>;
  /** The system accounts' shard of this transaction, for a statement that calls ledger_transfers itself (ledger.ts transfersPayload). */
  shard: number;
  /** Results of such an embedded call (ledger.ts readTransfers), so their balances are told after commit. */
  noteTransfers(results: TransferResult[]): void;
}

/** Tells a player their committed balance (micro-USDT): only ever after the change that left it has committed. */
export function tellBalance(services: Pick<Services, 'sockets'>, userId: string, balanceMicro: bigint): void {
  services.sockets.to(userRoom(userId)).emit('balanceUpdated', microToUsdt(balanceMicro));
}

/**
 * Runs `work` in one database transaction and, only after it commits, tells every player whose balance
 * changed their new balance (`balanceUpdated`). A rolled-back transaction tells nobody anything.
 */
export async function moneyTransaction<T>(services: Pick<Services, 'db' | 'sockets'>, work: (money: MoneyTx) => Promise<T>): Promise<T> {
  // The last balance each transfer left a player with: the transfer holds the account's lock until
  // COMMIT, so it is the committed balance, told without reading it again.
  const balances = new Map<string, bigint>();
  // One shard of the system accounts for the whole transaction, drawn at random (migration 0008): each
  // transaction then locks at most one row of each system account, in the same order as when there
  // was one row, so two transactions cannot deadlock on shards taken in opposite orders.
  const shard = randomInt(SYSTEM_ACCOUNT_SHARDS);
  const note = (results: TransferResult[]) => {
    for (const result of results) for (const [userId, balance] of Object.entries(result.balances)) balances.set(userId, balance);
  };
  const many = async (tx: Tx, requests: TransferRequest[]) => {
    const results = await transferMany(tx, requests, shard);
    note(results);
    return results;
  };
  const result = await services.db.transaction(async (tx) =>
    work({
      tx,
      transfer: async (request) => (await many(tx, [request]))[0] as TransferResult,
      transferMany: (requests) => many(tx, requests),
      shard,
      noteTransfers: note,
    }),
  );
  for (const [userId, balance] of balances) tellBalance(services, userId, balance);
  return result;
}
