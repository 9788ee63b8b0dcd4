/**
 * The invite card on the wire (issue 23 §3): POST /api/invite-message prepares, through the Bot API's
 * savePreparedInlineMessage, a message the player can send to any chat from Telegram's share dialog
 * (the Mini App's shareMessage, Mini Apps 8.0): the invite text in the player's language and one
 * "Open" button carrying their invite link. No body.
 */

/** 200: the prepared message, for shareMessage(id). */
export interface InviteMessageAnswer {
  /** The prepared message's id. */
  id: string;
  /** When Telegram forgets it, in Unix time (seconds), as the Bot API says it. */
  expirationDate: number;
}

/** The route's refusals; the app shares the plain link with a text instead (shareURL). */
export const inviteText = {
  /** 503: the server has no bot (no BOT_TOKEN, as with `npm start`'s defaults). */
  cardUnavailable: 'Invite cards are not available on this server',
  /** 409: the account never signed in through Telegram, so there is no Telegram user to prepare it for. */
  telegramAccountNeeded: 'Sign in through Telegram to send an invite card',
  /** 502: Telegram refused or did not answer. */
  telegramFailed: 'Telegram could not prepare the invite card',
} as const;
