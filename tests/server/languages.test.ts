import { sign } from '@telegram-apps/init-data-node';
import { describe, expect, it } from 'vitest';
import { supportedLanguage } from '../../protocol/languages.ts';
import { describeApp, login, register, signedUp } from './harness.ts';

/** Issue 23: the language a player reads the product in, kept on the account. */
const BOT_TOKEN = '7000005:languages-bot_ABC';
let telegramIds = 960_000_000;

describe('supportedLanguage', () => {
  it.each([
    ['ru', 'ru'],
    ['ru-RU', 'ru'],
    ['hy', 'hy'],
    ['hy_AM', 'hy'],
    ['HY-am', 'hy'],
    ['en-GB', 'en'],
    ['en', 'en'],
    ['de', null],
    ['uk', null],
    ['', null],
    [' ', null],
    [42, null],
    [undefined, null],
    ['russian', null],
  ])('%j → %j', (tag, language) => {
    expect(supportedLanguage(tag)).toBe(language);
  });
});

describeApp('the account language', { BOT_TOKEN }, (ctx) => {
  const telegramSignIn = async (id: number, languageCode?: string) => {
    const initData = sign({ user: { id, first_name: 'Lia', ...(languageCode ? { language_code: languageCode } : {}) } } as never, BOT_TOKEN, new Date());
    const res = await ctx().app.inject({ method: 'POST', url: '/api/auth/telegram', payload: { initData } });
    expect(res.statusCode).toBe(200);
    return res.json() as { user: { _id: string; language: string | null }; sessionToken: string };
  };
  const setLanguage = (token: string, payload: unknown) =>
    ctx().app.inject({ method: 'POST', url: '/api/update-language', headers: { authorization: `Bearer ${token}` }, payload: payload as object });

  it("keeps Telegram's language_code on a new account, and only a supported one", async () => {
    expect((await telegramSignIn((telegramIds += 1), 'ru')).user.language).toBe('ru');
    expect((await telegramSignIn((telegramIds += 1), 'hy')).user.language).toBe('hy');
    expect((await telegramSignIn((telegramIds += 1), 'de')).user.language).toBeNull();
    expect((await telegramSignIn((telegramIds += 1))).user.language).toBeNull();
  });

  it("fills a missing language at a later sign-in, but never overrides the player's own choice", async () => {
    const id = (telegramIds += 1);
    expect((await telegramSignIn(id)).user.language).toBeNull();
    const second = await telegramSignIn(id, 'ru');
    expect(second.user.language).toBe('ru');
    expect((await setLanguage(second.sessionToken, { language: 'hy' })).json().user.language).toBe('hy');
    expect((await telegramSignIn(id, 'ru')).user.language).toBe('hy');
  });

  it('saves the choice on the account: another device signed in sees it', async () => {
    const player = await register(ctx().app);
    const phone = await login(ctx().app, player.username, player.password);
    const res = await ctx().app.inject({ method: 'POST', url: '/api/update-language', headers: { cookie: phone }, payload: { language: 'ru' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.language).toBe('ru');
    const laptop = await login(ctx().app, player.username, player.password);
    const me = await ctx().app.inject({ url: '/api/protected', headers: { cookie: laptop } });
    expect(me.json().user.language).toBe('ru');
  });

  it.each([[{ language: 'fr' }], [{ language: 'RU' }], [{ language: 42 }], [{}], [{ language: null }]])(
    'refuses %j with 400 and changes nothing',
    async (payload) => {
      const player = await signedUp(ctx().app);
      await ctx().app.inject({ method: 'POST', url: '/api/update-language', headers: { cookie: player.cookie }, payload: { language: 'hy' } });
      const res = await ctx().app.inject({ method: 'POST', url: '/api/update-language', headers: { cookie: player.cookie }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBeTruthy();
      const me = await ctx().app.inject({ url: '/api/protected', headers: { cookie: player.cookie } });
      expect(me.json().user.language).toBe('hy');
    },
  );

  it('answers 401 without a session', async () => {
    const res = await ctx().app.inject({ method: 'POST', url: '/api/update-language', payload: { language: 'ru' } });
    expect(res.statusCode).toBe(401);
  });
});
