import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { ChainGateway, TreasuryChain } from '../wallet/gateway.ts';
import { DEFAULT_EXPIRY_MARGIN_MS, DEFAULT_LEASE_MS, type Treasury } from './context.ts';
import { treasuryKeys } from './keys.ts';

/** Whether a gateway can also carry the treasury's own transactions. */
export function isTreasuryChain(gateway: ChainGateway | TreasuryChain): gateway is ChainGateway & TreasuryChain {
  return 'sign' in gateway && 'account' in gateway && 'delegatableSun' in gateway;
}

/**
 * The treasury over a chain, with its keys from the config: a web node builds one only on the devchain
 * (whose keys are public), the treasury process (server/cli/treasury.ts) on either chain.
 */
export function buildTreasury(config: Config, db: Db, chain: ChainGateway & TreasuryChain, log?: Logger, overrides: Partial<Treasury> = {}): Treasury {
  return {
    db,
    chain,
    keys: treasuryKeys(config),
    config: config.wallet.treasury,
    trxRateMicro: config.wallet.trxRateMicro,
    log,
    leaseMs: DEFAULT_LEASE_MS,
    expiryMarginMs: DEFAULT_EXPIRY_MARGIN_MS,
    ...overrides,
  };
}
