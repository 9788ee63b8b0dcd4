import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { Devchain } from './devchain.ts';
import type { ChainGateway } from './gateway.ts';
import { TronGateway } from './tron.ts';

/**
 * The chain the config names: the devchain in the database (its genesis block written before anything
 * reads it, so a first request finds the chain as it will stay), or TRON through TronGrid.
 */
export async function openChain(config: Config, database: Database): Promise<ChainGateway> {
  if (config.wallet.chain === 'devchain') {
    const devchain = new Devchain(database.db, { blockMs: config.wallet.devchainBlockMs, hotWalletMicro: config.wallet.devchainHotWalletMicro, stakedSun: config.wallet.devchainStakedSun });
    await devchain.height();
    return devchain;
  }
  const tron = config.wallet.tron;
  if (!tron) throw new Error('CHAIN=tron needs TRON_XPUB and TRON_HOT_WALLET_KEY');
  return new TronGateway(tron);
}
