import { afterEach, describe, expect, it } from 'vitest';
import { codeOfText, errorCode } from '../../protocol/errorCodes.ts';
import { validationText } from '../../protocol/errors.ts';
import { gameText } from '../../protocol/game.ts';
import { walletText } from '../../protocol/wallet.ts';
import { ApiError, NetworkError, messageOf } from '../../src/api/http.ts';
import { showLanguage } from '../../src/i18n/i18n.ts';
import en from '../../src/i18n/locales/en.ts';
import { serverText } from '../../src/i18n/serverText.ts';

const defaults = { failed: 'Failed to start game', error: 'An error occurred' };

describe('server error codes', () => {
  afterEach(() => showLanguage('en'));

  it('every translated text code is the code the server gives that text', () => {
    for (const [table, texts] of Object.entries(en.errors)) {
      if (table === 'http') continue;
      for (const [key, text] of Object.entries(texts)) expect(codeOfText(text), `${table}.${key}`).toBe(`${table}.${key}`);
    }
  });

  it.each([
    [409, validationText.usernameTaken, 'validation.usernameTaken'],
    // Two tables say "Insufficient balance": one code for both.
    [400, walletText.insufficientBalance, 'game.insufficientBalance'],
    [404, 'Unknown user', 'http.notFound'],
    [422, 'That checker cannot move there', 'http.notAllowed'],
    [418, 'I am a teapot', 'http.badRequest'],
    [502, 'Bad gateway', 'http.internal'],
  ])('%i %s → %s', (status, message, code) => {
    expect(errorCode(status, message)).toBe(code);
  });

  it('a Russian player reads the translation of the code, an English one the spec text', async () => {
    const taken = new ApiError(409, validationText.usernameTaken, null, 'validation.usernameTaken');
    expect(messageOf(taken, defaults)).toBe('This username is already taken');
    await showLanguage('ru');
    expect(messageOf(taken, defaults)).toBe('Это имя пользователя уже занято');
    await showLanguage('hy');
    expect(messageOf(new ApiError(400, gameText.insufficientBalance, null, 'game.insufficientBalance'), defaults)).toBe('Մնացորդը բավարար չէ');
  });

  it("a status code stands in for a rule's own English reason only in another language", async () => {
    const illegal = new ApiError(422, 'That checker cannot move there', null, 'http.notAllowed');
    expect(messageOf(illegal, defaults)).toBe('That checker cannot move there');
    await showLanguage('ru');
    expect(messageOf(illegal, defaults)).toBe('Так ходить нельзя');
  });

  it('falls back to the message for a code the app does not know, then to the caller defaults', async () => {
    await showLanguage('ru');
    expect(messageOf(new ApiError(400, 'Something new', null, 'future.code'), defaults)).toBe('Something new');
    expect(messageOf(new ApiError(400, 'Old server', null, null), defaults)).toBe('Old server');
    expect(messageOf(new ApiError(500, null, null, null), defaults)).toBe(defaults.failed);
    expect(messageOf(new NetworkError(new Error('offline')), defaults)).toBe(defaults.error);
  });

  it("translates a form's own check, which speaks the protocol's English", async () => {
    expect(serverText(validationText.passwordTooShort)).toBe('Password must be at least 8 characters');
    await showLanguage('hy');
    expect(serverText(validationText.passwordTooShort)).toBe('Գաղտնաբառը պետք է լինի առնվազն 8 նիշ');
    expect(serverText('Not a protocol text')).toBe('Not a protocol text');
    expect(serverText(undefined)).toBe('');
  });
});
