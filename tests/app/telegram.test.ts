import { describe, expect, it, vi } from 'vitest';
import {
  bindBackButton,
  confirmClosing,
  isTelegram,
  openLink,
  shareUrl,
  startTelegram,
  telegramInitData,
  telegramStartParam,
  vibrate,
} from '../../src/platform/telegram.ts';
import { inviteCode, rememberReferrer, savedReferrer } from '../../src/app/referrer.ts';

describe('the Telegram adapter outside Telegram', () => {
  it('knows it is not in Telegram and does nothing, without throwing', () => {
    expect(isTelegram()).toBe(false);
    expect(() => startTelegram()).not.toThrow();
    expect(telegramInitData()).toBeNull();
    expect(telegramStartParam()).toBeNull();
    const off = bindBackButton(true, () => undefined);
    expect(() => off()).not.toThrow();
    expect(() => vibrate(400)).not.toThrow();
    expect(() => confirmClosing(true)).not.toThrow();
  });

  it('opens links and shares in a new tab instead', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    openLink('https://t.me/duel_support');
    shareUrl('https://t.me/duel_bot?startapp=alice', 'Play with me');
    expect(open).toHaveBeenNthCalledWith(1, 'https://t.me/duel_support', '_blank', 'noopener,noreferrer');
    expect(open.mock.calls[1]?.[0]).toBe(
      'https://t.me/share/url?url=https%3A%2F%2Ft.me%2Fduel_bot%3Fstartapp%3Dalice&text=Play+with+me',
    );
  });
});

describe('invitations', () => {
  it('keeps a referrerId from the query and offers it as the invite code', () => {
    rememberReferrer('?referrerId=friend_1');
    rememberReferrer('?other=1');
    expect(savedReferrer()).toBe('friend_1');
    expect(inviteCode('')).toBe('friend_1');
  });

  it('prefers invitedBy, then ref, then start in the query', () => {
    expect(inviteCode('?start=c&ref=b&invitedBy=a')).toBe('a');
    expect(inviteCode('?start=c&ref=b')).toBe('b');
    expect(inviteCode('?start=c')).toBe('c');
    expect(inviteCode('')).toBeNull();
  });
});
