import { describe, expect, it } from 'vitest';
import hy from '../src/i18n/locales/hy.ts';
import ru from '../src/i18n/locales/ru.ts';
import { loginThroughForm, overflowAt, registerThroughForm, signUpAndLogIn, uniqueUser, useBrowser } from './browser.ts';

const browser = useBrowser();

/** Issue 23: the language is the account's — chosen once in Profile, it follows the player everywhere. */
describe('the language switch', () => {
  it('switches Profile to Russian at once, survives a reload and a sign-in from another browser', async () => {
    const user = uniqueUser();
    const phone = await browser.newPage();
    await registerThroughForm(phone, user);
    await phone.goto('/login');
    await loginThroughForm(phone, user.username, user.password);
    await phone.waitForURL('**/game');

    await phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'MORE' }).waitFor();
    await phone.goto('/profile');
    // A tap on the radio lands on telegram-ui's drawn circle (an svg in the radio's label), as a finger's
    // does; Playwright would rather hit the input itself, so the tap is forced onto that spot.
    await phone.getByRole('region', { name: 'Language' }).getByRole('radio', { name: 'Русский' }).check({ force: true });
    await phone.getByRole('heading', { name: 'Профиль' }).waitFor();
    await phone.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'ИГРЫ' }).waitFor();
    await phone.screenshot({ path: 'e2e/.artifacts/profile-ru.png', fullPage: true });

    await phone.reload();
    await phone.getByRole('heading', { name: 'Профиль' }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.lang)).toBe('ru');

    const laptop = await browser.newPage();
    await laptop.goto('/login');
    await loginThroughForm(laptop, user.username, user.password);
    await laptop.waitForURL('**/game');
    await laptop.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'ДРУЗЬЯ' }).waitFor();
    await laptop.goto('/profile');
    expect(await laptop.getByRole('region', { name: 'Язык' }).getByRole('radio', { name: 'Русский' }).isChecked()).toBe(true);

    // And back: Armenian, on the laptop this time.
    await laptop.getByRole('region', { name: 'Язык' }).getByRole('radio', { name: 'Հայերեն' }).check({ force: true });
    await laptop.getByRole('heading', { name: 'Պրոֆիլ' }).waitFor();
    await laptop.screenshot({ path: 'e2e/.artifacts/profile-hy.png', fullPage: true });
    await phone.reload();
    await phone.getByRole('heading', { name: 'Պրոֆիլ' }).waitFor();
  });

  it('a new player in a Russian browser gets Russian before choosing anything; an English one English', async () => {
    const russian = await browser.newPage({ locale: 'ru-RU' });
    await signUpAndLogIn(russian, ru);
    await russian.getByRole('navigation', { name: 'Главное меню' }).getByRole('link', { name: 'ЗАДАНИЯ' }).waitFor();
    await russian.getByRole('button', { name: /Нарды/ }).waitFor();
    expect(await overflowAt(russian, 320, 'lobby-ru-browser')).toEqual([]);
    await russian.goto('/profile');
    await russian.getByRole('heading', { name: 'Профиль' }).waitFor();

    const armenian = await browser.newPage({ locale: 'hy-AM' });
    await signUpAndLogIn(armenian, hy);
    await armenian.getByRole('button', { name: /Նարդի/ }).waitFor();
    expect(await overflowAt(armenian, 320, 'lobby-hy-browser')).toEqual([]);

    const english = await browser.newPage({ locale: 'en-US' });
    await signUpAndLogIn(english);
    await english.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'TASKS' }).waitFor();
  });
});
