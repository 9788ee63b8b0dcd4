import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

describe('configuration', () => {
  it('needs nothing for the embedded mode', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      botToken: undefined,
      admin: undefined,
      smtpUrl: undefined,
      sessionTtlMs: 30 * 24 * 3600 * 1000,
      nodeEnv: 'development',
      trustProxy: false,
      integrity: { qualifyDepositMicro: 10_000_000n, withdrawalReviewMicro: 100_000_000n, roundMs: 60_000 },
    });
    expect(config.dataDir).toMatch(/data$/);
    expect(config.wallet).toMatchObject({
      chain: 'devchain',
      devchainBlockMs: 1000,
      depositConfirmations: 3,
      trxRateMicro: 151_000n,
      minDepositMicro: 1_000_000n,
      tron: undefined,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@db:5432/app',
      PUBLIC_URL: 'https://play.example.com/',
      BOT_TOKEN: '123:abc-DEF',
      BOT_USERNAME: 'duel_bot',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'long-enough',
      SMTP_URL: 'smtp://mail:25',
      SESSION_TTL_DAYS: '7',
      NODE_ENV: 'production',
      ALLOW_DEVCHAIN: '1',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@db:5432/app',
      publicUrl: 'https://play.example.com',
      botToken: '123:abc-DEF',
      botUsername: 'duel_bot',
      admin: { username: 'boss', password: 'long-enough' },
      smtpUrl: 'smtp://mail:25',
      sessionTtlMs: 7 * 24 * 3600 * 1000,
      nodeEnv: 'production',
      trustProxy: 'loopback,uniquelocal',
    });
  });

  it('trusts the X-Forwarded-For of local proxies in production unless told otherwise, elsewhere only of those named', () => {
    expect(loadConfig({ NODE_ENV: 'production', ALLOW_DEVCHAIN: '1', TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, loopback' }).trustProxy).toBe('10.0.0.0/8, loopback');
    for (const bad of ['yes', '1', '10.0.0.0/99']) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(ConfigError);
  });

  it('reads the integrity settings: what qualifies a friend, what a withdrawal needs for review, how often the risk round runs', () => {
    expect(loadConfig({ QUALIFY_DEPOSIT_USDT: '25', WITHDRAWAL_REVIEW_USDT: '250.5', RISK_ROUND_MS: '5000' }).integrity).toEqual({
      qualifyDepositMicro: 25_000_000n,
      withdrawalReviewMicro: 250_500_000n,
      roundMs: 5000,
    });
    expect(() => loadConfig({ WITHDRAWAL_REVIEW_USDT: '-1' })).toThrow(ConfigError);
  });

  it("waits 3 s for a new game's client seeds unless told otherwise; 0 draws at once", () => {
    expect(loadConfig({}).games.seedWaitMs).toBe(3000);
    expect(loadConfig({ SEED_WAIT_MS: '0' }).games.seedWaitMs).toBe(0);
    for (const bad of ['-1', '1.5', '60000', 'soon']) expect(() => loadConfig({ SEED_WAIT_MS: bad })).toThrow(ConfigError);
  });

  it('runs the housekeeping round every 10 minutes, 1,000 rows a statement, unless told otherwise', () => {
    expect(loadConfig({}).housekeeping).toEqual({ everyMs: 600_000, batch: 1000 });
    expect(loadConfig({ HOUSEKEEPING_MS: '30000', HOUSEKEEPING_BATCH: '250' }).housekeeping).toEqual({ everyMs: 30_000, batch: 250 });
    for (const bad of ['0', '-5', '1.5', 'hourly']) {
      expect(() => loadConfig({ HOUSEKEEPING_MS: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ HOUSEKEEPING_BATCH: bad })).toThrow(ConfigError);
    }
  });

  it('uses the tron defaults when CHAIN=tron', () => {
    const key = 'ab'.repeat(32);
    const config = loadConfig({ CHAIN: 'tron', TRON_XPUB: 'xpub-test', TRON_HOT_WALLET_KEY: `0x${key}`, TRX_USDT_RATE: '0.2' });
    expect(config.wallet).toMatchObject({
      chain: 'tron',
      depositConfirmations: 19,
      trxRateMicro: 200_000n,
      tron: { apiUrl: 'https://api.trongrid.io', usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', xpub: 'xpub-test', hotWalletKey: key },
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// URL'],
    [{ BOT_TOKEN: 'nope' }, 'BOT_TOKEN'],
    [{ SESSION_TTL_DAYS: '0' }, 'SESSION_TTL_DAYS'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together'],
    [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 8 characters'],
    [{ NODE_ENV: 'production' }, 'CHAIN=devchain simulates deposits and must not run in production'],
    [{ CHAIN: 'tron' }, 'CHAIN=tron needs TRON_XPUB and TRON_HOT_WALLET_KEY'],
    [{ CHAIN: 'tron', TRON_XPUB: 'xpub', TRON_HOT_WALLET_KEY: 'abc' }, 'TRON_HOT_WALLET_KEY: must be a 64-hex-digit private key'],
    [{ MIN_DEPOSIT: '0.0000001' }, 'MIN_DEPOSIT: must have at most 6 decimals'],
    [{ CHAIN: 'ethereum' }, 'CHAIN'],
  ])('stops on %j with a clear message', (env, text) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(text);
  });
});
