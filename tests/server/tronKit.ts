import { secp256k1 } from '@noble/curves/secp256k1.js';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { checkLedger } from '../../server/ledger/check.ts';
import { pollDeposits } from '../../server/wallet/deposits.ts';
import { tronAddressOf } from '../../server/wallet/tronAddress.ts';
import type { DatabaseKind } from './harness.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { TronGridStandIn } from './tronGridStandIn.ts';

export interface TronTestOptions {
  /** The hot wallet's USDT at the start, in micro-USDT. */
  hotWalletMicro?: bigint;
  /** More of the app's environment (the treasury's targets, say). */
  env?: Record<string, string>;
}

/**
 * The app on CHAIN=tron against a TronGrid stand-in, for one describe block: started before its tests,
 * and after them the ledger checked and both stopped.
 */
export function tronTestApp(kind: DatabaseKind, keys: { xpub: string; hotWalletKey: string }, options: TronTestOptions = {}) {
  const chain = new TronGridStandIn();
  let app: TestApp | undefined;
  const hotWallet = tronAddressOf(secp256k1.getPublicKey(Buffer.from(keys.hotWalletKey, 'hex'), true));
  let env: Record<string, string> = {};
  beforeAll(async () => {
    await chain.start();
    // The hot wallet holds USDT on the chain, as an operator's does (withdrawals it cannot cover wait),
    // and TRX for the energy and bandwidth its transfers burn.
    chain.addBlock([
      { to: hotWallet, currency: 'TRX', amountRaw: 10_000_000_000n, confirmed: true },
      { to: hotWallet, currency: 'USDT', amountRaw: options.hotWalletMicro ?? 1_000_000_000_000n, confirmed: true },
    ]);
    env = { CHAIN: 'tron', TRON_API_URL: chain.url, TRON_XPUB: keys.xpub, TRON_HOT_WALLET_KEY: keys.hotWalletKey, TRON_API_KEY: 'test-key', ...options.env };
    app = await startTestApp(kind, env);
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
    hotWallet,
    /** The config `npm run treasury` would load beside this app: its environment and the treasury's keys. */
    treasuryConfig: (treasuryEnv: Record<string, string>) => loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env, ...treasuryEnv }, 'treasury'),
    t,
    gateway,
    poll: () => pollDeposits(t().app.services, gateway(), t().app.services.wallet.rules),
    balanceOf: async (cookie: string) => (await t().app.inject({ url: '/api/protected', headers: { cookie } })).json().user.balance as number,
  };
}
