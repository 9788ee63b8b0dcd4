import type { DepositWatch, IncomingTransfer } from './gateway.ts';
import { tronAddressFromHex, tronAddressToHex } from './tronAddress.ts';
import type { TronGrid } from './tronGrid.ts';

/**
 * Finds deposits on TRON at a cost that does not grow with the number of deposit addresses: a launch
 * brings thousands of addresses, and asking TronGrid about each one every poll would run through any
 * API key's rate and daily limits. Instead each poll reads what is new on the chain once and keeps what
 * is sent to one of ours (asked of the database in one query for all it read):
 * - USDT: the Transfer events of the USDT contract since the cursor (every way a token moves, direct
 *   calls, transferFrom and contract payouts alike, emits one);
 * - TRX: the blocks since the cursor (a TRX transfer emits no event), their TransferContract calls,
 *   except the hot wallet's: that TRX is the treasury activating a deposit address or paying its fees,
 *   the house's own money on its way to be burned, never a player's deposit. (USDT from the hot wallet
 *   is one: a player may withdraw to another player's deposit address.)
 * Final (solidified) transfers advance the stored cursor; transfers not yet final are read once more
 * on their way, from this process's own marks, so a deposit shows as pending before it is credited.
 */

/** TRON makes a block every 3 seconds: how a moment is turned into a block number to start from. */
const BLOCK_MS = 3_000;
/** The node's bound on one getblockbylimitnext range. */
const BLOCKS_PER_CALL = 100;
/** A poll that is behind catches up this many block ranges and event pages at a time. */
const MAX_BLOCK_CALLS = 5;
const MAX_EVENT_PAGES = 20;
/** Looks this far before the first address was handed out, for clocks that disagree. */
const START_MARGIN_MS = 10 * 60 * 1000;

interface NodeBlock {
  block_header?: { raw_data?: { number?: number; timestamp?: number } };
  transactions?: BlockTransaction[];
}

interface BlockTransaction {
  txID: string;
  ret?: { contractRet?: string }[];
  raw_data: { contract: { type: string; parameter: { value: { amount?: number; owner_address?: string; to_address?: string } } }[] };
}

interface ContractEvent {
  transaction_id: string;
  block_number: number;
  block_timestamp: number;
  event_index: number;
  event_name: string;
  contract_address: string;
  result: { to?: string; value?: string };
}

/** Where final reading resumes: the next block to scan for TRX, the block time to read USDT events from. */
interface ScanCursor {
  block: number;
  usdtSince: number;
}

/** Event results carry addresses as 0x-prefixed 20-byte hex; the account API as base58. */
function asBase58(address: string): string {
  return address.startsWith('T') ? address : tronAddressFromHex(address.replace(/^0x/, '41'));
}

export class TronDepositScan {
  /** The newest block and event time this process has already read while not yet final. */
  private pendingBlock = -1;
  private pendingSince = 0;

  private readonly hotWalletHex: string;

  constructor(
    private readonly grid: TronGrid,
    private readonly usdtContract: string,
    hotWallet: string,
  ) {
    this.hotWalletHex = tronAddressToHex(hotWallet).toLowerCase();
  }

  async incoming(cursor: string | null, watch: DepositWatch): Promise<{ transfers: IncomingTransfer[]; cursor: string | null; lagBlocks?: number }> {
    const watchedSince = cursor === null ? await watch.since() : null;
    // Nothing to find before the first address is handed out, and no call spent looking.
    if (cursor === null && watchedSince === null) return { transfers: [], cursor };
    const [solid, head] = await Promise.all([this.newestBlock('/walletsolidity/getblock'), this.newestBlock('/wallet/getblock')]);
    const from = this.resume(cursor, solid, watchedSince);
    // Everything sent in what is read, anyone's; then only what goes to an address of ours is kept.
    const transfers: IncomingTransfer[] = [];

    let next = from.block;
    for (let call = 0; call < MAX_BLOCK_CALLS && next <= solid.number; call += 1) {
      const end = Math.min(next + BLOCKS_PER_CALL, solid.number + 1);
      const blocks = await this.blocks('/walletsolidity/getblockbylimitnext', next, end);
      for (const block of blocks) transfers.push(...this.trxIn(block, head.number, true));
      const reached = next + blocks.length;
      // TronGrid's nodes behind one address stand at different heights: one asked for the range may
      // not have all of it yet. The cursor stops where its blocks stop; the rest is read next poll.
      if (reached < end) {
        next = reached;
        break;
      }
      next = end;
    }
    // This process's marks move only once the poll has read everything (a failed poll reads it again).
    let pendingBlock = this.pendingBlock;
    let pendingSince = this.pendingSince;
    if (next > solid.number) {
      const start = Math.max(next, pendingBlock + 1);
      const end = Math.min(start + BLOCKS_PER_CALL, head.number + 1);
      if (start < end) {
        // Marked read only as far as the node had them: a lagging one's missing blocks are read next poll.
        const blocks = await this.blocks('/wallet/getblockbylimitnext', start, end);
        for (const block of blocks) transfers.push(...this.trxIn(block, head.number, false));
        pendingBlock = Math.max(pendingBlock, start + blocks.length - 1);
      }
    }

    const final = await this.usdtEvents({ only_confirmed: true }, from.usdtSince);
    let usdtSince = from.usdtSince;
    for (const event of final.items) {
      // The cursor stays on the newest final block time read; that block is read again next time, which
      // is harmless (a deposit is unique per transaction and event) and keeps a block split across
      // pages whole.
      usdtSince = Math.max(usdtSince, event.block_timestamp);
      const transfer = this.usdtIn(event, head.number, true);
      if (transfer) transfers.push(transfer);
    }
    // Never past what was not read. Stuck where it started, the poll fails loudly, every time, until
    // TronGrid pages again; stuck further on, what was read counts and the next poll starts there. (The
    // cursor's block is read again each poll, so a block of 200 or more USDT transfers at the cursor is
    // where a TronGrid that leaves fingerprints out stops the scan.)
    if (final.stuck && usdtSince === from.usdtSince) {
      throw new Error(`TronGrid cuts the USDT Transfer events at block time ${usdtSince} with no way on (a full page of one block, no fingerprint)`);
    }
    if (final.complete) {
      const pending = await this.usdtEvents({ only_unconfirmed: true }, Math.max(usdtSince, pendingSince));
      for (const event of pending.items) {
        pendingSince = Math.max(pendingSince, event.block_timestamp);
        const transfer = this.usdtIn(event, head.number, false);
        if (transfer) transfers.push(transfer);
      }
    }
    const ours = await watch.ours(transfers.map((transfer) => transfer.to));
    this.pendingBlock = pendingBlock;
    this.pendingSince = pendingSince;
    return {
      transfers: transfers.filter((transfer) => ours.has(transfer.to)),
      cursor: JSON.stringify({ block: next, usdtSince } satisfies ScanCursor),
      // The block scan's cursor (the next block to read) against the head: about TRON's 19 unsolidified
      // blocks when it keeps up. The USDT events' time cursor follows the same solidified blocks.
      lagBlocks: Math.max(0, head.number - next),
    };
  }

  /**
   * The stored cursor, or where to start without one: just before the first address was handed out
   * (nothing was sent to an address before anyone knew it). A bare number is a block time, the cursor
   * of the per-address scan this replaced.
   */
  private resume(cursor: string | null, solid: { number: number; timestamp: number }, watchedSince: Date | null): ScanCursor {
    if (cursor?.startsWith('{')) {
      const parsed = JSON.parse(cursor) as Partial<ScanCursor>;
      if (Number.isSafeInteger(parsed.block) && Number.isSafeInteger(parsed.usdtSince)) return parsed as ScanCursor;
    }
    const since = cursor && /^\d+$/.test(cursor) ? Number(cursor) : (watchedSince?.getTime() ?? solid.timestamp) - START_MARGIN_MS;
    // Blocks a producer missed make the estimate reach further back than needed, never less far.
    const block = Math.max(0, solid.number - Math.ceil(Math.max(0, solid.timestamp - since) / BLOCK_MS));
    return { block, usdtSince: since };
  }

  /** The newest (or newest solidified) block's header: without `detail` a node leaves its transactions out. */
  private async newestBlock(path: string): Promise<{ number: number; timestamp: number }> {
    const block = await this.grid.post<NodeBlock>(path, { detail: false });
    const number = block.block_header?.raw_data?.number;
    if (number === undefined) throw new Error(`TronGrid ${path} answered without a block number`);
    return { number, timestamp: block.block_header?.raw_data?.timestamp ?? 0 };
  }

  /**
   * Blocks of [start, end) from `start` on without a gap, in order: a node answers only what it has (`{}`
   * for a range it has none of), and whatever follows a missing block is left for the next poll.
   */
  private async blocks(path: string, start: number, end: number): Promise<NodeBlock[]> {
    const answer = await this.grid.post<{ block?: NodeBlock[] }>(path, { startNum: start, endNum: end });
    const sorted = (answer.block ?? []).sort((a, b) => (a.block_header?.raw_data?.number ?? 0) - (b.block_header?.raw_data?.number ?? 0));
    const kept: NodeBlock[] = [];
    for (const block of sorted) {
      if (block.block_header?.raw_data?.number !== start + kept.length) break;
      kept.push(block);
    }
    return kept;
  }

  private trxIn(block: NodeBlock, head: number, final: boolean): IncomingTransfer[] {
    const confirmations = Math.max(0, head - (block.block_header?.raw_data?.number ?? head));
    const found: IncomingTransfer[] = [];
    for (const tx of block.transactions ?? []) {
      if (tx.ret?.[0]?.contractRet !== 'SUCCESS') continue;
      tx.raw_data.contract.forEach((contract, eventIndex) => {
        const value = contract.parameter.value;
        if (contract.type !== 'TransferContract' || !value.to_address || !value.amount) return;
        if (value.owner_address?.toLowerCase() === this.hotWalletHex) return;
        found.push({ txId: tx.txID, eventIndex, to: tronAddressFromHex(value.to_address), currency: 'TRX', amountRaw: BigInt(value.amount), confirmations, final });
      });
    }
    return found;
  }

  /**
   * The USDT contract's Transfer events from block time `since` on, oldest first, at most
   * MAX_EVENT_PAGES requests. `stuck`: TronGrid cut the list (a full page with no fingerprint) inside
   * one block time, so what follows cannot be read.
   */
  private async usdtEvents(filter: Record<string, string | boolean>, since: number): Promise<{ items: ContractEvent[]; complete: boolean; stuck: boolean }> {
    const items: ContractEvent[] = [];
    const seen = new Set<string>();
    let from = since;
    for (let requests = 0; requests < MAX_EVENT_PAGES; ) {
      const part = await this.grid.pages<ContractEvent>(
        `/v1/contracts/${this.usdtContract}/events`,
        { event_name: 'Transfer', order_by: 'block_timestamp,asc', ...filter, min_block_timestamp: from },
        MAX_EVENT_PAGES - requests,
      );
      requests += part.pages;
      let fresh = 0;
      for (const event of part.items) {
        const key = `${event.transaction_id}:${event.event_index}`;
        if (seen.has(key)) continue;
        seen.add(key);
        items.push(event);
        fresh += 1;
      }
      if (!part.cut) return { items, complete: part.complete, stuck: false };
      // Cut: go on from the newest block time read. That block is read again, and what was seen skipped.
      const newest = Math.max(from, ...part.items.map((event) => event.block_timestamp));
      if (newest === from && fresh === 0) return { items, complete: false, stuck: true };
      from = newest;
    }
    return { items, complete: false, stuck: false };
  }

  private usdtIn(event: ContractEvent, head: number, final: boolean): IncomingTransfer | null {
    const { to, value } = event.result;
    if (event.event_name !== 'Transfer' || event.contract_address !== this.usdtContract || !to || !value || !/^\d+$/.test(value)) return null;
    const confirmations = Math.max(0, head - event.block_number);
    return { txId: event.transaction_id, eventIndex: event.event_index, to: asBase58(to), currency: 'USDT', amountRaw: BigInt(value), confirmations, final };
  }
}
