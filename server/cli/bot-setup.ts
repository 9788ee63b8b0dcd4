// `npm run bot:setup`: points the bot's webhook at PUBLIC_URL, sets its menu button to open the Mini
// App, and lists its commands. Needs BOT_TOKEN and a public https PUBLIC_URL.
import { loadConfig } from '../config.ts';
import { createBot, setUpBot } from '../telegram/bot.ts';

const config = loadConfig();
const bot = createBot(config);
if (!bot) {
  console.error('BOT_TOKEN is not set.');
  process.exit(1);
}
if (!config.publicUrl.startsWith('https://')) {
  console.error('PUBLIC_URL must be the public https:// address Telegram can reach.');
  process.exit(1);
}
const { webhookUrl } = await setUpBot(config, bot);
console.log(`Webhook set to ${webhookUrl.replace(/webhook\/.*/, 'webhook/…')}; menu button and commands set.`);
