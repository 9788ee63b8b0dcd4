import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { E2E_BOT_TOKEN } from './telegramWeb.ts';

export const OPERATOR = { username: 'e2e_operator', password: 'e2e-operator-pass' };
/**
 * Owners of their own for the journeys that turn a second factor on (the treasury's, the operators'):
 * once on, a sign-in asks for a code, which the shared operator's other journeys do not give. Made with
 * `npm run admin:create` before the server starts, as an operator would.
 */
export const TREASURY_OWNER = { username: 'e2e_vault', password: 'e2e-vault-pass' };
export const SECURITY_OWNER = { username: 'e2e_security', password: 'e2e-security-pass' };
export const RISK_OWNER = { username: 'e2e_risk', password: 'e2e-risk-pass' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

let server: ChildProcess | undefined;
let dataDir: string | undefined;

/**
 * Starts `npm start`'s own entry on a free port and a fresh data directory, exactly as a user would: no
 * NODE_ENV, and the build made by start.mjs itself when the sources are newer than dist/ (always so on
 * a fresh clone), so the path a new machine takes is the one tested.
 */
export async function setup(project: TestProject): Promise<void> {
  const port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  const { NODE_ENV: _testEnv, REDIS_URL: _redis, DATABASE_URL: _url, ...plainEnv } = process.env;
  for (const owner of [TREASURY_OWNER, SECURITY_OWNER, RISK_OWNER]) {
    const made = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/admin-create.ts', owner.username, '--role', 'owner'], {
      input: `${owner.password}\n`,
      env: { ...plainEnv, DATA_DIR: dataDir },
      encoding: 'utf8',
    });
    if (made.status !== 0) throw new Error(`admin:create ${owner.username} failed: ${made.stderr}`);
  }
  // Vitest sets NODE_ENV=test in this process, and CI exports REDIS_URL for the multi-node tests; a
  // user's `npm start` has neither: the embedded defaults are what is tested here.
  const { NODE_ENV: _vitestNodeEnv, REDIS_URL: _ciRedis, DATABASE_URL: _database, ...userEnv } = process.env;
  server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'scripts/start.mjs'], {
    env: {
      ...userEnv,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: OPERATOR.username,
      ADMIN_PASSWORD: OPERATOR.password,
      AUTH_RATE_LIMIT_MAX: '500',
      // Telegram sign-in on (telegram-web.e2e.ts signs initData with it); no bot username, so the
      // other journeys see the plain login form. Its Bot API is never reached: no update comes.
      BOT_TOKEN: E2E_BOT_TOKEN,
      // The risk round every second instead of every minute: integrity.e2e.ts waits for it to raise a flag.
      RISK_ROUND_MS: '1000',
      // Every browser here is on 127.0.0.1; each context sends an address of its own (browser.ts), as
      // players on their own phones have, so the integrity rules that tie accounts on one IP see strangers.
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 110_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Ready: (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server?.stdout?.on('data', onData);
    server?.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk);
    });
    server?.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  project.provide('baseUrl', await ready);
}

export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    if (server.exitCode === null) server.kill('SIGKILL');
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
