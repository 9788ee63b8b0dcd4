// `npm run admin:create -- <username> [--role owner|finance|support|viewer]`: creates an operator (an owner
// unless --role says otherwise), or sets the password (and the role, when given) of an existing one.
// The password is asked for on the terminal without echo, or read from standard input when piped.
import readline from 'node:readline';
import { Writable } from 'node:stream';
import { OPERATOR_ROLES, operatorRole } from '../../protocol/operators.ts';
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

const args = process.argv.slice(2);
const roleAt = args.indexOf('--role');
const roleArg = roleAt >= 0 ? args.splice(roleAt, 2)[1] : undefined;
const username = args[0]?.trim();
const role = roleArg === undefined ? undefined : operatorRole.safeParse(roleArg);
if (!username || !/^[\w.-]{3,64}$/.test(username) || (role && !role.success)) {
  console.error(`Usage: npm run admin:create -- <username> [--role ${OPERATOR_ROLES.join('|')}]   (3–64 letters, digits, _ . -; a new operator is an owner unless --role says otherwise)`);
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
const outcome = await ensureOperator(database.db, username, password, role?.data);
await database.close();
console.log(`Operator ${username} ${outcome}.`);
