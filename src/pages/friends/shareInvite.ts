import { prepareInviteMessage } from '../../api/inviteMessage.ts';
import { shareUrl } from '../../platform/telegram.ts';
import { canShareMessage, shareMessage } from '../../platform/telegramShareMessage.ts';

/**
 * The Share button (issue 23 §3). In a Telegram that can send a prepared message (Mini Apps 8.0), the
 * invite arrives in the friend's chat as the bot's card with an "Open" button; anywhere else — an older
 * client, a server without a bot, Telegram refusing — the link goes through Telegram's share sheet with
 * `text` beside it (outside Telegram, its share page in a new tab).
 */
export async function shareInvite(link: string, text: string): Promise<void> {
  if (canShareMessage()) {
    try {
      const { id } = await prepareInviteMessage();
      // A player who closed the dialog chose not to send it: no second sheet.
      if ((await shareMessage(id)) !== 'failed') return;
    } catch (error) {
      console.info('[invite] no invite card, sharing the link', error);
    }
  }
  shareUrl(link, text);
}
