import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { checkLedger } from '../../server/ledger/check.ts';
import { pollDeposits } from '../../server/wallet/deposits.ts';
import { tronAddressOf } from '../../server/wallet/tronAddress.ts';
import type { DatabaseKind } from './harness.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { TronGridStandIn } from './tronGridStandIn.ts';

/**
 * The app on CHAIN=tron against a TronGrid stand-in, for one describe block: started before its tests,
 * and after them the ledger checked and both stopped.
 */
export function tronTestApp(kind: DatabaseKind, keys: { xpub: string; hotWalletKey: string }) {
  const chain = new TronGridStandIn();
  let app: TestApp | undefined;
  beforeAll(async () => {
    await chain.start();
    // The hot wallet holds USDT on the chain, as an operator's does: withdrawals it cannot cover wait.
    const hotWallet = tronAddressOf(secp256k1.getPublicKey(Buffer.from(keys.hotWalletKey, 'hex'), true));
    chain.addTransfer({ to: hotWallet, currency: 'USDT', amountRaw: 1_000_000_000_000n, confirmed: true });
    app = await startTestApp(kind, { CHAIN: 'tron', TRON_API_URL: chain.url, TRON_XPUB: keys.xpub, TRON_HOT_WALLET_KEY: keys.hotWalletKey, TRON_API_KEY: 'test-key' });
  });
  afterAll(async () => {
    if (app) {
      expect(await checkLedger(app.database.db)).toEqual({ ok: true, problems: [] });
      await app.close();
    }
    await chain.stop();
  });
  const t = (): TestApp => {
    if (!app) throw new Error('the tron test app is not started');
    return app;
  };
  const gateway = () => t().app.services.wallet.gateway;
  return {
    chain,
    t,
    gateway,
    poll: () => pollDeposits(t().app.services, gateway(), t().app.services.wallet.rules),
    balanceOf: async (cookie: string) => (await t().app.inject({ url: '/api/protected', headers: { cookie } })).json().user.balance as number,
  };
}
