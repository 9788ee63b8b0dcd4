// `npm run verify -- <proof.json>` or `npm run verify -- <gameId> --url <https://…> [--cookie 'sid=…']`,
// with `--seed-hash <hash>` to hold the proof to the hash a player was shown when the game started (a
// proof that merely holds together could have been made up after the game with a new seed) and
// `--client-seed <seed>` to the seed the player's device sent (it must be one of the two): checks a
// game's proof (issue 18) with the same code the app runs (rules/verify.ts) and prints the verdict.
// Exit code 0: the proof holds; 1: it does not; 2: the proof could not be had.
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import type { GameProof, Verdict } from '../../protocol/fairness.ts';
import { verifyProof } from '../../rules/verify.ts';

const USAGE = `Usage: npm run verify -- <proof.json> [--seed-hash <hash shown at the start>] [--client-seed <seed sent>]
       npm run verify -- <gameId> --url <server address> [--cookie 'sid=…'] [--seed-hash <hash>] [--client-seed <seed>]`;

async function proofFrom(target: string, url: string | undefined, cookie: string | undefined): Promise<unknown> {
  if (!url) return JSON.parse(fs.readFileSync(target, 'utf8')) as unknown;
  const address = `${url.replace(/\/+$/, '')}/api/games/${encodeURIComponent(target)}/proof`;
  const response = await fetch(address, { headers: cookie ? { cookie } : {} });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new Error(`${address} answered ${response.status}${body?.message ? `: ${body.message}` : ''}`);
  return body;
}

/** The verdict in words, as the Verify page says it. */
function describeVerdict(proof: unknown, verdict: Verdict): string {
  if (!verdict.ok) {
    return [`NOT VERIFIED at step ${verdict.step}: ${verdict.reason}.`, `  expected: ${verdict.expected}`, `  got:      ${verdict.got}`].join('\n');
  }
  const { gameMode, serverSeed, seedHash, clientSeeds } = proof as GameProof;
  const draws = verdict.steps.reduce((sum, step) => sum + step.draws, 0);
  return [
    `VERIFIED: all ${verdict.steps.length} steps of this ${gameMode} game (${draws} random draws) replay exactly from the seeds committed before it started.`,
    `  server seed:  ${serverSeed}`,
    `  its SHA-256:  ${seedHash} (published when the game started)`,
    `  client seeds: ${clientSeeds.map((seed) => seed || '(none sent)').join(', ')}`,
  ].join('\n');
}

async function main(): Promise<number> {
  const options = { url: { type: 'string' }, cookie: { type: 'string' }, 'seed-hash': { type: 'string' }, 'client-seed': { type: 'string' } } as const;
  let parsed;
  try {
    parsed = parseArgs({ options, allowPositionals: true });
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [target] = positionals;
  if (!target || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  let proof: unknown;
  try {
    proof = await proofFrom(target, values.url, values.cookie);
  } catch (error) {
    console.error(`Could not read the proof: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const verdict = verifyProof(proof, {
    seedHash: values['seed-hash']?.trim().toLowerCase(),
    clientSeed: values['client-seed']?.trim().toLowerCase(),
    gameId: values.url ? target : undefined,
  });
  console.log(describeVerdict(proof, verdict));
  return verdict.ok ? 0 : 1;
}

process.exitCode = await main();
