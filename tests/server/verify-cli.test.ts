import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { randomGameProof } from '../rules/fairnessGames.ts';
import { fundedPlayer, pairedRps, playRpsToEnd } from './gameHarness.ts';
import { listening, startTestApp } from './harness.ts';

/** `npm run verify`: a third party checks a proof a player shared, from a file or from the server. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function runVerify(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', 'server/cli/verify.ts', ...args], (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, out: stdout, err: stderr });
    });
  });
}

describe('npm run verify', () => {
  it('prints VERIFIED for a proof file that holds, and exits 0', async () => {
    const file = path.join(dir, 'good.json');
    const proof = randomGameProof('backgammon', 42);
    fs.writeFileSync(file, JSON.stringify(proof));
    const result = await runVerify(file);
    expect(result.code).toBe(0);
    expect(result.out).toContain(`VERIFIED: all ${proof.inputs.length} steps of this backgammon game`);
    expect(result.out).toContain(proof.serverSeed);
  });

  it('names the step where a tampered proof stops holding, and exits 1; an unreadable one exits 2', async () => {
    const file = path.join(dir, 'bad.json');
    const proof = randomGameProof('rps', 43);
    fs.writeFileSync(file, JSON.stringify({ ...proof, serverSeed: 'ab'.repeat(32) }));
    const bad = await runVerify(file);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('NOT VERIFIED at step 0: The server seed is not the one committed before the game.');
    expect((await runVerify(path.join(dir, 'missing.json'))).code).toBe(2);
    expect((await runVerify()).code).toBe(2);
    expect((await runVerify(file, '--no-such-option')).code).toBe(2);
  });

  it('holds a proof to the seed hash the player was shown with --seed-hash', async () => {
    const file = path.join(dir, 'held.json');
    const proof = randomGameProof('blot', 44);
    fs.writeFileSync(file, JSON.stringify(proof));
    expect((await runVerify(file, '--seed-hash', proof.seedHash.toUpperCase())).code).toBe(0);
    const other = await runVerify(file, '--seed-hash', 'cd'.repeat(32));
    expect(other.code).toBe(1);
    expect(other.out).toContain('NOT VERIFIED at step 0: The seed hash is not the one shown when the game started.');
  });

  it('holds a proof to the client seed a player sent with --client-seed', async () => {
    const file = path.join(dir, 'seeded.json');
    const proof = randomGameProof('backgammon', 45);
    fs.writeFileSync(file, JSON.stringify(proof));
    const sent = proof.clientSeeds[0];
    expect(sent).not.toBe('');
    expect((await runVerify(file, '--client-seed', sent.toUpperCase())).code).toBe(0);
    const other = await runVerify(file, '--client-seed', 'cd'.repeat(10));
    expect(other.code).toBe(1);
    expect(other.out).toContain('NOT VERIFIED at step 0: Your client seed is not the one your device sent.');
  });

  it('fetches a finished game’s proof from the server with --url and a player’s cookie', async () => {
    const t = await startTestApp('pglite');
    try {
      const base = await listening(t);
      const [a, b] = await Promise.all([fundedPlayer(t, 0), fundedPlayer(t, 0)]);
      const gameId = await pairedRps(t.app, a, b, 0);
      await playRpsToEnd(t, a, b, gameId);
      const result = await runVerify(gameId, '--url', base, '--cookie', a.cookie);
      expect(result.out).toContain('VERIFIED: all');
      expect(result.code).toBe(0);
      const stranger = await runVerify(gameId, '--url', base);
      expect([stranger.code, stranger.err]).toEqual([2, expect.stringContaining('answered 401')]);
    } finally {
      await t.close();
    }
  });
});
