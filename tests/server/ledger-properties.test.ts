import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../server/ledger/check.ts';
import { InsufficientFunds, balanceOf } from '../../server/ledger/ledger.ts';
import { depositAddressOf, pollDeposits } from '../../server/wallet/deposits.ts';
import { Devchain } from '../../server/wallet/devchain.ts';
import { processWithdrawals, requestWithdrawal } from '../../server/wallet/withdrawals.ts';
import { databaseKinds, rows, signedUp, startTestApp, type TestApp } from './harness.ts';

const BLOCK_MS = 1000;
const TO = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

type Command =
  | { op: 'deposit'; player: number; usdt: number; currency: 'USDT' | 'TRX' }
  | { op: 'withdraw'; player: number; usdt: number }
  | { op: 'blocks'; count: number }
  | { op: 'poll' }
  | { op: 'process' };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), player: fc.nat(2), usdt: fc.integer({ min: 1, max: 60 }), currency: fc.constantFrom('USDT' as const, 'TRX' as const) }),
  fc.record({ op: fc.constant('withdraw' as const), player: fc.nat(2), usdt: fc.integer({ min: 2, max: 40 }) }),
  fc.record({ op: fc.constant('blocks' as const), count: fc.integer({ min: 0, max: 6 }) }),
  fc.constant({ op: 'poll' as const }),
  fc.constant({ op: 'process' as const }),
);

for (const kind of databaseKinds) {
  describe(`ledger properties [${kind}]`, () => {
    let t: TestApp;
    let clock = Date.now();
    beforeAll(async () => {
      t = await startTestApp(kind, { DEPOSIT_CONFIRMATIONS: '3' });
    });
    afterAll(() => t.close());

    it('random deposits, withdrawals, refusals and refunds never make or lose money, nor go below zero', async () => {
      // A hot wallet that runs dry now and then, so refusals and refunds happen.
      const chain = new Devchain(t.database.db, { blockMs: BLOCK_MS, hotWalletMicro: 150_000_000n, now: () => clock });
      const services = { ...t.app.services, wallet: { ...t.app.services.wallet, gateway: chain } };
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 5, maxLength: 30 }), async (commands) => {
          const players = await Promise.all([0, 1, 2].map(() => signedUp(t.app)));
          const addresses = await Promise.all(players.map((p) => depositAddressOf(t.database.db, chain, p.id)));
          for (const c of commands) {
            if (c.op === 'deposit') await chain.simulateIncoming(addresses[c.player] as string, c.currency, BigInt(c.usdt) * 1_000_000n);
            if (c.op === 'blocks') clock += c.count * BLOCK_MS;
            if (c.op === 'poll') await pollDeposits(services, chain, services.wallet.rules);
            if (c.op === 'process') await processWithdrawals(services, chain, undefined, new Date(clock));
            if (c.op === 'withdraw') {
              const player = players[c.player];
              if (!player) continue;
              try {
                await requestWithdrawal(services, player.id, TO, BigInt(c.usdt) * 1_000_000n);
              } catch (error) {
                if (!(error instanceof InsufficientFunds)) throw error;
              }
            }
          }
          const report = await checkLedger(t.database.db);
          expect(report).toEqual({ ok: true, problems: [] });
          for (const player of players) {
            const balance = await balanceOf(t.database.db, player.id);
            expect(balance >= 0n).toBe(true);
            // The balance is exactly what came in minus what went out and was not refunded.
            const [sums] = await rows<{ credited: string; withdrawn: string }>(
              t.database,
              sql`select
                    (select coalesce(sum(credit_micro), 0) from deposits where user_id = ${player.id} and status = 'completed')::text as credited,
                    (select coalesce(sum(amount_micro), 0) from withdrawals where user_id = ${player.id} and status <> 'failed')::text as withdrawn`,
            );
            expect(balance).toBe(BigInt(sums?.credited ?? '0') - BigInt(sums?.withdrawn ?? '0'));
          }
        }),
        { numRuns: kind === 'postgres' ? 15 : 25 },
      );
    });
  });
}
