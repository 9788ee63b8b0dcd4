// `npm run dev`: the server in watch mode on API_PORT (3001) and Vite on 3000 proxying /api and
// /socket.io to it. With DEV_TELEGRAM=1 the app runs as if inside Telegram: initData is signed here
// with the dev bot token, so the server validates it for real.
import { spawn } from 'node:child_process';
import { sign } from '@telegram-apps/init-data-node';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000' };

if (process.env.DEV_TELEGRAM === '1') {
  env.BOT_TOKEN ??= '1000000:dev-bot-token';
  const user = { id: 424242, first_name: 'Dev', last_name: 'Player', username: 'dev_player', language_code: 'en' };
  env.VITE_DEV_INIT_DATA = sign({ user, start_param: process.env.DEV_START_PARAM }, env.BOT_TOKEN, new Date());
  console.log('Telegram mocked: signed in as @dev_player through real initData validation.');
}

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
