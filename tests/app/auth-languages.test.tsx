import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { validationText } from '../../protocol/errors.ts';
import { showLanguage } from '../../src/i18n/i18n.ts';
import { stubApi } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

/**
 * Issue 23: the signed-out pages in Russian and Armenian — their titles, fields, links and buttons, the
 * forms' own checks (protocol texts, translated), the server's refusals by their code, the spec's
 * default failure texts, and the success popups. tests/app/setup.ts puts English back after each test.
 */
type User = ReturnType<typeof renderApp>['user'];

async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await user.type(screen.getByLabelText(label), value);
}

describe('the login page in Russian and Armenian', () => {
  it("Russian: its title, fields and links, and the form's own checks", async () => {
    await showLanguage('ru');
    const api = stubApi();
    const { user } = renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Вход' })).toBeInTheDocument();
    expect(screen.getByText('С возвращением! Войдите, чтобы играть.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Забыли пароль?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Регистрация' })).toHaveAttribute('href', '/register');

    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите имя пользователя')).toBeInTheDocument();
    expect(screen.getByText('Введите пароль')).toBeInTheDocument();
    expect(screen.getByLabelText('Имя пользователя')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/login')).toHaveLength(0);
  });

  it("Russian: a refusal by its code, then the spec's default texts", async () => {
    await showLanguage('ru');
    let reply: 'network-error' | { status: number; body: unknown } = {
      status: 401,
      body: { message: validationText.invalidUsernameOrPassword, code: 'validation.invalidUsernameOrPassword' },
    };
    stubApi({ 'POST /api/login': () => reply });
    const { user } = renderApp('/login');

    await screen.findByRole('heading', { name: 'Вход' });
    await fill(user, { 'Имя пользователя': 'alice_1', Пароль: 'wrong-password' });
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Неверное имя пользователя или пароль');

    reply = { status: 502, body: {} };
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Не удалось войти')).toBeInTheDocument();
    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Не удалось войти: ошибка сервера')).toBeInTheDocument();
  });

  it('Armenian: its fields and links, and a failed sign-in without a server', async () => {
    await showLanguage('hy');
    stubApi({ 'POST /api/login': 'network-error', 'GET /api/config': { body: { botUsername: 'duel_bot', supportUrl: null } } });
    const { user } = renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Մուտք' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Մոռացե՞լ եք գաղտնաբառը' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Գրանցվել' })).toBeInTheDocument();
    expect(await screen.findByText('կամ')).toBeInTheDocument();
    await fill(user, { Օգտանուն: 'alice_1', Գաղտնաբառ: 'secret-pass' });
    await user.click(screen.getByRole('button', { name: 'Մուտք գործել' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Մուտքը չհաջողվեց սերվերի սխալի պատճառով');
  });
});

describe('the register page in Russian and Armenian', () => {
  it("Russian: the invited subtitle and the form's own checks", async () => {
    await showLanguage('ru');
    const api = stubApi();
    const { user } = renderApp('/register?ref=friend_42');

    expect(await screen.findByRole('heading', { name: 'Регистрация' })).toBeInTheDocument();
    expect(screen.getByText('Вас пригласил друг. Создайте аккаунт, чтобы присоединиться.')).toBeInTheDocument();
    expect(screen.getByText(/Уже есть аккаунт\?/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Войти' })).toHaveAttribute('href', '/login?ref=friend_42');

    await fill(user, { 'Электронная почта': 'not-an-email', Пароль: 'short', 'Повторите пароль': 'different' });
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByText('Введите имя пользователя')).toBeInTheDocument();
    expect(screen.getByText('Неверный email')).toBeInTheDocument();
    expect(screen.getByText('Пароль должен быть не короче 8 символов')).toBeInTheDocument();
    expect(screen.getByText('Пароли не совпадают')).toBeInTheDocument();
    expect(api.callsTo('POST /api/register')).toHaveLength(0);
  });

  it('Russian: a taken name by its code, then the popup and its way to the login', async () => {
    await showLanguage('ru');
    let taken = true;
    stubApi({
      'POST /api/register': () =>
        taken
          ? { status: 409, body: { message: validationText.usernameTaken, code: 'validation.usernameTaken' } }
          : { status: 201, body: { user: makeUser() } },
    });
    const { user, path } = renderApp('/register');

    await screen.findByRole('heading', { name: 'Регистрация' });
    expect(screen.getByText('Создайте аккаунт, чтобы играть.')).toBeInTheDocument();
    await fill(user, {
      'Имя пользователя': 'new_player',
      'Электронная почта': 'new.player@example.com',
      Пароль: 'long-enough-1',
      'Повторите пароль': 'long-enough-1',
    });
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Это имя пользователя уже занято');

    taken = false;
    await user.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    const popup = await screen.findByRole('dialog', { name: 'Поздравляем! Вы успешно зарегистрировались.' });
    await user.click(within(popup).getByRole('button', { name: 'Перейти ко входу' }));
    expect(path()).toBe('/login');
  });

  it('Armenian: its fields, a missing email, and the default failure texts', async () => {
    await showLanguage('hy');
    stubApi({ 'POST /api/register': { status: 500, body: {} } });
    const { user } = renderApp('/register');

    expect(await screen.findByRole('heading', { name: 'Գրանցում' })).toBeInTheDocument();
    expect(screen.getByText('Ստեղծեք հաշիվ՝ խաղալու համար։')).toBeInTheDocument();
    await fill(user, { Օգտանուն: 'new_player', Գաղտնաբառ: 'long-enough-1', 'Կրկնեք գաղտնաբառը': 'long-enough-1' });
    await user.click(screen.getByRole('button', { name: 'Գրանցվել' }));
    expect(await screen.findByText('Մուտքագրեք էլ. փոստը')).toBeInTheDocument();

    await fill(user, { 'Էլ. փոստ': 'new.player@example.com' });
    await user.click(screen.getByRole('button', { name: 'Գրանցվել' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Գրանցումը չհաջողվեց');
  });
});

describe('the forgot and reset password pages in Russian and Armenian', () => {
  it("Russian forgot password: the check, and the popup in Russian although the server's answer is English", async () => {
    await showLanguage('ru');
    stubApi({ 'POST /api/forgot-password': { body: { message: 'If an account with that email exists, a reset link has been sent to it.' } } });
    const { user } = renderApp('/forgot-password');

    expect(await screen.findByRole('heading', { name: 'Восстановление пароля' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Вернуться ко входу' })).toHaveAttribute('href', '/login');
    await fill(user, { 'Электронная почта': 'nobody' });
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    expect(await screen.findByText('Введите корректный email.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Электронная почта'));
    await fill(user, { 'Электронная почта': 'alice@example.com' });
    await user.click(screen.getByRole('button', { name: 'Отправить ссылку' }));
    const popup = await screen.findByRole('dialog', { name: 'Ссылка отправлена!' });
    expect(popup).toHaveTextContent('Проверьте почту: мы отправили ссылку для смены пароля.');
    expect(within(popup).getByRole('button', { name: 'Перейти ко входу' })).toBeInTheDocument();
  });

  it('Armenian forgot password: the default failure texts', async () => {
    await showLanguage('hy');
    let reply: 'network-error' | { status: number } = { status: 500 };
    stubApi({ 'POST /api/forgot-password': () => reply });
    const { user } = renderApp('/forgot-password');

    expect(await screen.findByRole('heading', { name: 'Գաղտնաբառի վերականգնում' })).toBeInTheDocument();
    await fill(user, { 'Էլ. փոստ': 'alice@example.com' });
    await user.click(screen.getByRole('button', { name: 'Ուղարկել հղումը' }));
    expect(await screen.findByText('Չհաջողվեց ուղարկել հղումը։')).toBeInTheDocument();
    reply = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Ուղարկել հղումը' }));
    expect(await screen.findByText('Հղումն ուղարկելիս սխալ տեղի ունեցավ։')).toBeInTheDocument();
  });

  it('Russian reset password: the checks, an expired link by its code', async () => {
    await showLanguage('ru');
    stubApi({
      'POST /api/reset-password': { status: 400, body: { message: validationText.resetTokenInvalid, code: 'validation.resetTokenInvalid' } },
    });
    const { user } = renderApp('/reset-password/abc123token');

    expect(await screen.findByRole('heading', { name: 'Смена пароля' })).toBeInTheDocument();
    await fill(user, { 'Новый пароль': 'short', 'Повторите пароль': 'short' });
    await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByText('Пароль должен быть не короче 8 символов')).toBeInTheDocument();

    for (const label of ['Новый пароль', 'Повторите пароль']) await user.clear(screen.getByLabelText(label));
    await fill(user, { 'Новый пароль': 'new-password-1', 'Повторите пароль': 'new-password-1' });
    await user.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ссылка для сброса пароля недействительна или устарела');
  });

  it('Armenian reset password: a mismatch, then the success popup', async () => {
    await showLanguage('hy');
    stubApi({ 'POST /api/reset-password': { body: { message: 'Your password has been reset.' } } });
    const { user, path } = renderApp('/reset-password/abc123token');

    expect(await screen.findByRole('heading', { name: 'Գաղտնաբառի փոփոխում' })).toBeInTheDocument();
    await fill(user, { 'Նոր գաղտնաբառ': 'new-password-1', 'Կրկնեք գաղտնաբառը': 'new-password-2' });
    await user.click(screen.getByRole('button', { name: 'Փոխել գաղտնաբառը' }));
    expect(await screen.findByText('Գաղտնաբառերը չեն համընկնում')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Կրկնեք գաղտնաբառը'));
    await fill(user, { 'Կրկնեք գաղտնաբառը': 'new-password-1' });
    await user.click(screen.getByRole('button', { name: 'Փոխել գաղտնաբառը' }));
    const popup = await screen.findByRole('dialog', { name: 'Գաղտնաբառը հաջողությամբ փոխվեց' });
    expect(popup).toHaveTextContent('Այժմ կարող եք մուտք գործել նոր գաղտնաբառով։');
    await user.click(within(popup).getByRole('button', { name: 'Անցնել մուտքի էջ' }));
    expect(path()).toBe('/login');
  });
});

describe('the session guard in Russian and Armenian', () => {
  it.each([
    ['ru', 'Загрузка...', 'Вход'],
    ['hy', 'Բեռնվում է...', 'Մուտք'],
  ] as const)('%s: says it is loading while the session is checked, then shows the login page', async (language, loading, login) => {
    // Spec §7: the signed-out check is logged as a possibly expired token.
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await showLanguage(language);
    stubApi();
    renderApp('/profile');
    expect(await screen.findByText(loading)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: login })).toBeInTheDocument();
  });
});
