import { CHALLENGE_START_PREFIX } from '../../protocol/challengeConstants.ts';
import { challengeInQuery, rememberChallenge } from './challengeLink.ts';

/**
 * Invitations. A `referrerId` query parameter on any page is kept in localStorage, so it survives the
 * trip through register and login and is passed on with the login and the Telegram auth.
 */
const STORAGE_KEY = 'referrerId';
const MAX_LENGTH = 64;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (private mode, sandboxed iframes): invitations are then simply not kept.
    return null;
  }
}

export function rememberReferrer(search: string): void {
  // The bot's button carries the code as startapp too (Telegram's own name for it).
  const query = new URLSearchParams(search);
  const referrerId = (query.get('referrerId') ?? query.get('startapp'))?.trim();
  if (referrerId && referrerId.length <= MAX_LENGTH) storage()?.setItem(STORAGE_KEY, referrerId);
  // A challenge's web link invites too: a newcomer who signs up through it is the challenger's friend.
  const challenge = challengeInQuery(search);
  if (challenge && !referrerId) storage()?.setItem(STORAGE_KEY, `${CHALLENGE_START_PREFIX}${challenge}`);
  rememberChallenge(search);
}

export function savedReferrer(): string | null {
  return storage()?.getItem(STORAGE_KEY) ?? null;
}

/** The register page's invitation code: `invitedBy`, `ref` or `start` in the query, else a kept referrerId. */
export function inviteCode(search: string): string | null {
  const query = new URLSearchParams(search);
  for (const name of ['invitedBy', 'ref', 'start']) {
    const value = query.get(name)?.trim();
    if (value) return value.slice(0, MAX_LENGTH);
  }
  return savedReferrer();
}
