// `npm run admin:create -- <username>`: creates an operator (or sets the password of an existing one).
// The password is asked for on the terminal without echo, or read from standard input when piped.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { ensureOperator } from '../admin/operators.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrate } from '../db/migrate.ts';

async function askPassword(prompt: string): Promise<string> {
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = readline.createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  process.stdout.write(prompt);
  muted = true;
  const answer = await new Promise<string>((resolve) => rl.once('line', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

const username = process.argv[2]?.trim();
if (!username || !/^[\w.-]{3,64}$/.test(username)) {
  console.error('Usage: npm run admin:create -- <username>   (3–64 letters, digits, _ . -)');
  process.exit(2);
}
const password = await askPassword(`Password for operator ${username}: `);
if (password.length < 8) {
  console.error('The password must be at least 8 characters.');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
const outcome = await ensureOperator(database.db, username, password);
await database.close();
console.log(`Operator ${username} ${outcome}.`);
