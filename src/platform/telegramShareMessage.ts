/**
 * Telegram's share dialog for a message the bot prepared (Mini Apps 8.0, `shareMessage`): the player
 * picks a chat and the message arrives there as the bot built it. Kept beside ./telegram.ts, which owns
 * every other SDK call, with the same rule: no SDK error ever escapes.
 */
import { shareMessage as sdkShareMessage } from '@telegram-apps/sdk-react';

/** Inside a Telegram client that can send a prepared message (Mini Apps 8.0 and later). */
export function canShareMessage(): boolean {
  try {
    return sdkShareMessage.isAvailable();
  } catch (error) {
    console.warn('[telegram] share message check failed', error);
    return false;
  }
}

/** The player sent it; closed the dialog; or Telegram could not send it (expired, unsupported). */
export type ShareMessageOutcome = 'sent' | 'declined' | 'failed';

/** Opens the share dialog for prepared message `id` and tells how it ended. */
export async function shareMessage(id: string): Promise<ShareMessageOutcome> {
  try {
    const [called, sending] = sdkShareMessage.ifAvailable(id);
    if (!called) return 'failed';
    await sending;
    return 'sent';
  } catch (error) {
    // prepared_message_failed carries Telegram's reason; USER_DECLINED is the player closing the dialog.
    if (String((error as { message?: unknown } | null)?.message ?? error).includes('USER_DECLINED')) return 'declined';
    console.warn('[telegram] share message failed', error);
    return 'failed';
  }
}
