import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sweepPass } from '../../server/treasury/sweeps.ts';
import { DEVCHAIN_HOT_WALLET, DEVCHAIN_RESOURCE_ACCOUNT, type Devchain } from '../../server/wallet/devchain.ts';
import type { TreasuryChain } from '../../server/wallet/gateway.ts';
import { databaseKinds, rows } from './harness.ts';
import { BLOCK_MS, COLD, treasuryTestApp } from './treasuryKit.ts';

/**
 * A treasury stopped at any point resumes where it stopped, two at once never sweep one address twice,
 * and a chain that errs or lags makes sweeps wait, never repeat (issue 34). The treasury keeps nothing in
 * memory between steps: a throw at a chain call stands for the process dying there.
 */
class Killed extends Error {}
type Step = 'sign' | 'broadcast' | 'transactionInfo';

/**
 * The devchain as a treasury that dies at its `nth` call of one step (sign, broadcast, transactionInfo)
 * sees it: from then on every call fails, as nothing runs in a dead process. With `afterSend` a broadcast
 * dies after it reached the chain (its answer lost with the process). Counting one step's calls, not all
 * of them, reaches every signature and broadcast whatever the number of polls a slow box makes between.
 */
function dyingAt(chain: Devchain, step: Step, nth: number, afterSend: boolean): { chain: TreasuryChain; died: () => boolean } {
  let calls = 0;
  let died = false;
  const proxy = new Proxy(chain, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        if (died) throw new Killed('dead');
        if (property !== step) return method.apply(target, args);
        calls += 1;
        if (calls !== nth) return method.apply(target, args);
        died = true;
        if (afterSend) await method.apply(target, args);
        throw new Killed(`killed at ${step} #${nth}`);
      };
    },
  });
  return { chain: proxy, died: () => died };
}

for (const kind of databaseKinds) {
  describe(`treasury faults [${kind}]`, () => {
    const kit = treasuryTestApp(kind, { HOT_WALLET_TARGET_USDT: '1', DEVCHAIN_HOT_WALLET_USDT: '10', SWEEP_MIN_USDT: '20', TREASURY_COLD_ADDRESS: COLD });

    /** Each address swept once: one finished sweep, one confirmed transfer, nothing left on it, no energy still lent. */
    async function sweptOnce(address: string, usdt: number) {
      const done = await rows<{ step: string; transfers: number }>(
        kit.t().database,
        sql`select s.step, (select count(*)::int from sweep_transactions st where st.sweep_id = s.id and st.kind = 'transfer' and st.status = 'confirmed') as transfers
          from sweeps s where s.address = ${address}`,
      );
      expect(done).toEqual([{ step: 'done', transfers: 1 }]);
      expect((await kit.chain().balances(address)).usdtMicro).toBe(0n);
      expect(await kit.chain().delegatedSun(DEVCHAIN_RESOURCE_ACCOUNT, address)).toBe(0n);
      const moved = await rows<{ n: string }>(
        kit.t().database,
        sql`select coalesce(sum(amount_raw), 0)::text as n from devchain_transfers where from_address = ${address} and currency = 'USDT'`,
      );
      expect(moved[0]?.n).toBe(String(usdt * 1_000_000));
    }

    it('killed between any two steps, then restarted: nothing swept twice, nothing lost, every delegation taken back', async () => {
      /** Where the kills fell, to see that they covered every step. */
      const kills: string[] = [];
      const steps: [Step, boolean][] = [['sign', false], ['broadcast', false], ['broadcast', true], ['transactionInfo', false]];
      for (const [step, afterSend] of steps) {
        for (let nth = 1; ; nth += 1) {
          const [player] = await kit.depositors([21]);
          if (!player) throw new Error('no player');
          const coldBefore = (await kit.chain().balances(COLD)).usdtMicro;
          const dying = dyingAt(kit.chain(), step, nth, afterSend);
          // Its lease is short: a dead treasury's runs out, and the next one takes the sweep over.
          const doomed = kit.treasury({ leaseMs: 50 }, dying.chain);
          for (let i = 0; i < 400 && !dying.died(); i += 1) {
            try {
              await sweepPass(doomed, { plan: i === 0 });
            } catch (error) {
              if (!(error instanceof Killed)) throw error;
            }
            const [open] = await rows<{ n: number }>(kit.t().database, sql`select count(*)::int as n from sweeps where step not in ('done', 'failed')`);
            if (open?.n === 0) break;
            await kit.pause(BLOCK_MS);
          }
          await kit.pause(60);
          // A new treasury takes over where the dead one stopped.
          await kit.sweepUntilSettled();
          await sweptOnce(player.address, 21);
          expect((await kit.chain().balances(COLD)).usdtMicro - coldBefore).toBe(21_000_000n);
          if (!dying.died()) break;
          kills.push(`${step}${afterSend ? ' (sent)' : ''}`);
        }
      }
      // It died at every step: signing and sending (before and after the chain had it) each of the
      // activation, the delegation, the transfer and the undelegation, and reading what became of them.
      const count = (kill: string) => kills.filter((k) => k === kill).length;
      expect(count('sign')).toBeGreaterThanOrEqual(4);
      expect(count('broadcast')).toBeGreaterThanOrEqual(4);
      expect(count('broadcast (sent)')).toBeGreaterThanOrEqual(4);
      expect(count('transactionInfo')).toBeGreaterThanOrEqual(4);
    });

    it('two treasuries at once never sweep one address twice', async () => {
      const players = await kit.depositors([22, 23, 24, 25]);
      const one = kit.treasury({ leaseMs: 60_000 });
      const two = kit.treasury({ leaseMs: 60_000 });
      await Promise.all([kit.sweepUntilSettled(one), kit.sweepUntilSettled(two)]);
      for (const player of players) await sweptOnce(player.address, player.amount);
    });

    it('a chain that errs and lags makes sweeps wait, never repeat', async () => {
      const players = await kit.depositors([26, 27]);
      const real = kit.chain();
      // A fixed seed: the same calls fail on every run.
      let seed = 0x5eed;
      const chance = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const asked = new Map<string, number>();
      const flaky = new Proxy(real, {
        get(target, property, receiver) {
          const value = Reflect.get(target, property, receiver) as unknown;
          if (typeof value !== 'function') return value;
          const method = value as (...a: unknown[]) => Promise<unknown>;
          return async (...args: unknown[]) => {
            // One answer in seven is an error (TronGrid's 429s and 5xx).
            if (chance() < 1 / 7) throw new Error('TronGrid answered 503');
            if (property === 'broadcast') {
              // Half the broadcasts reach the chain and lose their answer.
              const result = await method.apply(target, args);
              if (chance() < 1 / 2) throw new Error('socket hang up');
              return result;
            }
            if (property === 'transactionInfo') {
              // The node asked lags: the first three times it has never heard of the transaction.
              const txId = String(args[0]);
              const times = (asked.get(txId) ?? 0) + 1;
              asked.set(txId, times);
              if (times <= 3) return { status: 'unknown', feeSun: 0n, energyUsed: 0n };
            }
            return method.apply(target, args);
          };
        },
      }) as TreasuryChain;
      const lagging = kit.treasury({}, flaky);
      for (let i = 0; i < 600; i += 1) {
        try {
          await sweepPass(lagging, { plan: true });
        } catch {
          // the next pass goes on
        }
        const [open] = await rows<{ n: number }>(kit.t().database, sql`select count(*)::int as n from sweeps where step not in ('done', 'failed')`);
        const [swept] = await rows<{ n: number }>(kit.t().database, sql`select count(*)::int as n from sweeps where address in (${players[0]?.address}, ${players[1]?.address})`);
        if (open?.n === 0 && swept?.n === 2) break;
        await kit.pause(BLOCK_MS);
      }
      for (const player of players) await sweptOnce(player.address, player.amount);
      expect((await kit.chain().balances(DEVCHAIN_HOT_WALLET)).usdtMicro >= 10_000_000n).toBe(true);
    });
  });
}
