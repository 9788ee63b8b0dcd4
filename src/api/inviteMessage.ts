import type { InviteMessageAnswer } from '../../protocol/invite.ts';
import { post } from './http.ts';

/**
 * POST /api/invite-message → {id, expirationDate}: the invite card the bot prepared for this player
 * (their language, an "Open" button with their invite link), for Telegram's shareMessage. 503 when the
 * server has no bot; the caller shares the plain link then.
 */
export const prepareInviteMessage = () => post<InviteMessageAnswer>('/invite-message');
