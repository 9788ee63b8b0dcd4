import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { openDatabase } from '../../server/db/client.ts';
import { migrate } from '../../server/db/migrate.ts';
import { pollDeposits } from '../../server/wallet/deposits.ts';
import { rows, signedUp, testConfig } from './harness.ts';

/**
 * `npm run treasury -- sweep | watch` as an operator runs it (issue 34): the process on the embedded
 * database (the server stopped), its table, and a clean stop on SIGTERM.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'treasury-cli-'));
const env = { DEVCHAIN_BLOCK_MS: '50', DEPOSIT_CONFIRMATIONS: '2', SWEEP_MIN_USDT: '20', HOT_WALLET_TARGET_USDT: '1' };
const { DATABASE_URL: _url, REDIS_URL: _redis, ...plainEnv } = process.env;
const cli = (mode: string) => ['--import', 'tsx', 'server/cli/treasury.ts', mode];

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the treasury command', () => {
  it('sweeps what players deposited while the server ran, and prints what it moved and what the chain charged', async () => {
    // The server, on its embedded database: two deposits are credited, then it stops.
    const database = await openDatabase({ dataDir });
    await migrate(database);
    const config = { ...testConfig({ ...env, DATA_DIR: dataDir }) };
    const app = await buildApp({ config, database, logger: pino({ level: 'silent' }) });
    const addresses: string[] = [];
    for (const amount of [40, 25]) {
      const player = await signedUp(app);
      const address = (await app.inject({ url: '/api/wallet/wallet-address', headers: { cookie: player.cookie } })).json().walletAddress as string;
      await app.inject({ method: 'POST', url: '/api/dev/deposit', payload: { address, amount, currency: 'USDT' } });
      addresses.push(address);
    }
    for (let i = 0; i < 200; i += 1) {
      await pollDeposits(app.services, app.services.wallet.gateway, app.services.wallet.rules);
      const [credited] = await rows<{ n: number }>(database, sql`select count(*)::int as n from deposits where status = 'completed'`);
      if (credited?.n === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await app.close();
    await database.close();

    const run = spawnSync(process.execPath, cli('sweep'), { env: { ...plainEnv, ...env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000 });
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^address\s+amount\s+to\s+step\s+txs\s+TRX burned\s+energy/);
    for (const address of addresses) expect(lines.find((line) => line.startsWith(address))).toMatch(/USDT\s+cold|USDT\s+hot/);
    expect(lines.filter((line) => /\sdone\s/.test(line))).toHaveLength(2);
    expect(lines.at(-1)).toMatch(/^2 sweeps; 65 USDT moved; [\d.]+ TRX burned\.$/);

    // Again: nothing to sweep.
    const again = spawnSync(process.execPath, cli('sweep'), { env: { ...plainEnv, ...env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 120_000 });
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('Nothing to sweep');
  }, 180_000);

  it('watches until SIGTERM, then stops cleanly; refuses a wrong mode', async () => {
    const watching = spawn(process.execPath, cli('watch'), { env: { ...plainEnv, ...env, DATA_DIR: dataDir, TREASURY_WATCH_MS: '200', LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    watching.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    for (let i = 0; i < 600 && !output.includes('treasury watching'); i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(output).toContain('treasury watching');
    const exited = new Promise<number | null>((resolve) => watching.once('exit', resolve));
    watching.kill('SIGTERM');
    expect(await exited).toBe(0);

    const wrong = spawnSync(process.execPath, cli('drain'), { env: { ...plainEnv, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 60_000 });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toContain('Usage: npm run treasury -- sweep | watch');
  }, 120_000);
});
