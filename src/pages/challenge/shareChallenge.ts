import { prepareChallengeMessage } from '../../api/challenges.ts';
import { shareUrl } from '../../platform/telegram.ts';
import { canShareMessage, shareMessage } from '../../platform/telegramShareMessage.ts';

/**
 * "Send to a chat" (issue 36), as the invite's Share (../friends/shareInvite.ts): in a Telegram that can
 * send a prepared message, the bot's card with the challenger, the game, the stake and an Accept button;
 * anywhere else — an older client, a server without a bot, Telegram refusing — the link through
 * Telegram's share sheet with `text` beside it.
 */
export async function shareChallenge(code: string, link: string, text: string): Promise<void> {
  if (canShareMessage()) {
    try {
      const { id } = await prepareChallengeMessage(code);
      // A player who closed the dialog chose not to send it: no second sheet.
      if ((await shareMessage(id)) !== 'failed') return;
    } catch (error) {
      console.info('[challenge] no challenge card, sharing the link', error);
    }
  }
  shareUrl(link, text);
}
