import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { taskRules, type Friend } from '../../protocol/growth.ts';
import type { Language } from '../../protocol/languages.ts';
import type { User } from '../../protocol/user.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';
import { task } from './recordFixtures.ts';

/**
 * Issue 23: Friends, Tasks, More (with the User Agreement) and the affiliate program in Russian and in
 * Armenian: their own texts, the plurals Russian needs, money as each language writes it, and the
 * server's English lines (what counts, why a claim was refused, a form's checks) in the player's words.
 */


/** "0,028 $" as Intl writes it (a no-break space before the sign). */
const money = (text: string) => new RegExp(`^${text.replace(/[.$+]/g, '\\$&').replace(/ /g, '\\s')}$`);

const bob: Friend = { _id: 'f-bob', username: 'bob_the_winner', avatarUrl: null, earnings: 0.028, qualified: true };
const cleo: Friend = { _id: 'f-cleo', username: 'cleo', avatarUrl: null, earnings: 0, qualified: false };

function api(language: Language, routes: Record<string, StubRoute> = {}, user: Partial<User> = {}) {
  return stubApi({
    'GET /api/protected': { body: { user: makeUser({ language, balance: 1, ...user }) } },
    'GET /api/invite-link': { body: { inviteLink: 'https://t.me/duel_bot/play?startapp=alice7' } },
    'GET /api/friends': { body: { friends: [bob, cleo], totalRewards: 0.028, qualifyRule: taskRules.invite_20_friends(10) } },
    'GET /api/config': { body: { botUsername: null, supportUrl: null } },
    ...routes,
  });
}

const taskCard = (name: string) => {
  const card = screen.getAllByTestId('task').find((item) => within(item).queryByRole('heading', { name }));
  if (!card) throw new Error(`no task ${name}`);
  return card;
};

describe('Friends in Russian and Armenian', () => {
  it('Russian: the rewards, the friends with their tags and earnings, the rule, and a claim', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api('ru', { 'POST /api/claim-rewards': { body: { totalRewards: 0, newBalance: 1.028 } } });
    const { user } = renderApp('/friends');
    expect(await screen.findByRole('heading', { name: 'Друзья' })).toBeInTheDocument();
    const [first, second] = (await screen.findAllByTestId('friend')) as [HTMLElement, HTMLElement];
    expect(screen.getByRole('heading', { name: /Ваши друзья/ })).toHaveTextContent('2');
    expect(within(first).getByTestId('friend-qualified')).toHaveTextContent('Засчитан');
    expect(within(second).getByTestId('friend-qualified')).toHaveTextContent('Пока нет');
    expect(first).toHaveTextContent('заработано');
    expect(within(first).getByText(money('0,028 $'))).toBeInTheDocument();
    // The server's English rule, in Russian with the server's own threshold.
    expect(screen.getByTestId('qualify-rule')).toHaveTextContent(
      'Друг засчитывается, когда пополнит баланс на 10 USDT и доиграет платную игру против кого-то, кроме вас.',
    );
    expect(screen.getByText('Награды к получению')).toBeInTheDocument();
    expect(screen.getByTestId('total-rewards')).toHaveTextContent(money('0,028 $'));
    expect(screen.getByText('Баланс')).toBeInTheDocument();
    expect(screen.getByTestId('balance')).toHaveTextContent(money('1,00 $'));

    await user.click(screen.getByRole('button', { name: 'Забрать' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^0,028\s\$ зачислено на ваш баланс\.$/);
    expect(screen.getByTestId('balance')).toHaveTextContent(money('1,02 $'));
  });

  it('Armenian: the list, an empty one, and the server’s refusal in Armenian', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The server's English words only (no code): the app still finds their translation.
    api('hy', { 'POST /api/claim-rewards': { status: 400, body: { message: 'There are no rewards to claim' } } });
    const { user } = renderApp('/friends');
    expect(await screen.findByRole('heading', { name: 'Ընկերներ' })).toBeInTheDocument();
    const [first] = (await screen.findAllByTestId('friend')) as [HTMLElement];
    expect(within(first).getByTestId('friend-qualified')).toHaveTextContent('Հաշվվում է');
    expect(first).toHaveTextContent('վաստակ');
    expect(screen.getByText('Հասանելի պարգևներ')).toBeInTheDocument();
    expect(screen.getByText('Մնացորդ')).toBeInTheDocument();
    expect(screen.getByTestId('qualify-rule')).toHaveTextContent(/^Ընկերը հաշվվում է, երբ լիցքավորում է 10 USDT/);
    await user.click(screen.getByRole('button', { name: 'Ստանալ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ստանալու պարգևներ չկան');
  });

  it('Armenian: says there are no friends yet', async () => {
    api('hy', { 'GET /api/friends': { body: { friends: [], totalRewards: 0, qualifyRule: taskRules.invite_20_friends(10) } } });
    renderApp('/friends');
    expect(await screen.findByText(/^Դեռ ընկերներ չկան/)).toBeInTheDocument();
  });
});

describe('Tasks in Russian and Armenian', () => {
  it('Russian: names and progress agree with their numbers (20 друзей, 100 игр)', async () => {
    api('ru', {
      'GET /api/tasks': {
        body: {
          tasks: [
            task('invite_20_friends', { progress: { current: 7, target: 20 } }),
            task('win_100_games', { progress: { current: 42, target: 100 } }),
          ],
        },
      },
    });
    renderApp('/tasks');
    expect(await screen.findByRole('heading', { name: 'Задания' })).toBeInTheDocument();
    const invite = await waitFor(() => taskCard('Пригласить 20 друзей'));
    expect(within(invite).getByTestId('task-progress')).toHaveTextContent('7/20 друзей');
    expect(within(invite).getByTestId('task-reward')).toHaveTextContent(money('+5,00 $'));
    expect(within(invite).getByRole('progressbar', { name: 'Прогресс: Пригласить 20 друзей' })).toHaveAttribute('aria-valuenow', '7');
    expect(within(invite).getByTestId('task-rule')).toHaveTextContent(/^Друг засчитывается, когда пополнит баланс на 10 USDT/);
    const wins = taskCard('Выиграть 100 игр');
    expect(within(wins).getByTestId('task-progress')).toHaveTextContent('42/100 побед');
    expect(within(wins).getByTestId('task-rule')).toHaveTextContent(/^Считаются только победы в платных играх/);
    expect(screen.getByText('Выполните задание и заберите награду прямо на баланс.')).toBeInTheDocument();
  });

  it('Russian: the other plural forms (3 игры, 21 друга), a claim and the server’s refusal by its code', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    api('ru', {
      'GET /api/tasks': {
        body: {
          tasks: [
            task('win_100_games', { progress: { current: 3, target: 3 }, conditionMet: true }),
            task('invite_20_friends', { progress: { current: 21, target: 21 }, conditionMet: true, completed: true }),
          ],
        },
      },
      'POST /api/claim-task-reward': { status: 409, body: { message: 'This reward has already been claimed', code: 'growth.taskClaimed' } },
    });
    const { user } = renderApp('/tasks');
    const wins = await waitFor(() => taskCard('Выиграть 3 игры'));
    expect(within(wins).getByTestId('task-progress')).toHaveTextContent('3/3 побед');
    const invite = taskCard('Пригласить 21 друга');
    expect(within(invite).getByTestId('task-progress')).toHaveTextContent('21/21 друга');
    expect(within(invite).getByTestId('task-completed')).toHaveTextContent('Выполнено');
    await user.click(within(wins).getByRole('button', { name: /^Забрать 10,00\s\$$/ }));
    expect(await within(wins).findByRole('alert')).toHaveTextContent('Эта награда уже получена');
  });

  it('Armenian: a task, its progress and a claim', async () => {
    api('hy', {
      'GET /api/tasks': { body: { tasks: [task('win_100_games', { progress: { current: 100, target: 100 }, conditionMet: true })] } },
      'POST /api/claim-task-reward': { body: { newBalance: 11, reward: 10 } },
    });
    const { user } = renderApp('/tasks');
    expect(await screen.findByRole('heading', { name: 'Առաջադրանքներ' })).toBeInTheDocument();
    const wins = await waitFor(() => taskCard('Հաղթել 100 խաղում'));
    expect(within(wins).getByTestId('task-progress')).toHaveTextContent('100/100 հաղթանակ');
    await user.click(within(wins).getByRole('button', { name: /^Ստանալ 10,00\s\$$/ }));
    expect(await within(wins).findByRole('status')).toHaveTextContent(/^Ձեր մնացորդին ավելացավ 10,00\s\$։$/);
    expect(within(wins).getByTestId('task-completed')).toHaveTextContent('Կատարված է');
  });
});

describe('More and the User Agreement in Russian and Armenian', () => {
  it('Russian: the menu, the sound switch and the agreement as a Russian agreement', async () => {
    api('ru');
    const { user } = renderApp('/more');
    expect(await screen.findByRole('heading', { name: 'Ещё' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Сыгранные игры/ })).toHaveAttribute('href', '/played-games-history');
    expect(screen.getByRole('link', { name: /История операций/ })).toHaveAttribute('href', '/transaction-history');
    expect(screen.getByRole('link', { name: /Партнёрская программа/ })).toHaveAttribute('href', '/affiliate-program');
    expect(screen.getByRole('link', { name: /Как устроена честная игра/ })).toHaveAttribute('href', '/fairness');
    const support = screen.getByRole('button', { name: /Написать в поддержку/ });
    await waitFor(() => expect(support).toHaveTextContent('недоступно'));
    expect(screen.getByRole('button', { name: 'Выйти' })).toBeInTheDocument();

    const sound = screen.getByRole('switch', { name: /Звук/ });
    expect(sound).toBeChecked();
    await user.click(sound);
    expect(sound).not.toBeChecked();
    expect(window.localStorage.getItem('soundEnabled')).toBe('false');

    await user.click(screen.getByRole('button', { name: /Пользовательское соглашение/ }));
    const agreement = await screen.findByRole('dialog', { name: 'Пользовательское соглашение' });
    const sections = within(agreement).getAllByRole('heading', { level: 3 });
    expect(sections).toHaveLength(12);
    expect(sections[0]).toHaveTextContent('1. Общие положения');
    expect(sections[4]).toHaveTextContent('5. Честная игра');
    expect(sections[11]).toHaveTextContent('12. Контакты');
    expect(agreement).toHaveTextContent('не менее 18 лет');
    expect(agreement).toHaveTextContent('комиссии сети 1,5 USDT');
    expect(within(agreement).getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
  });

  it('Armenian: the menu and the agreement', async () => {
    api('hy');
    const { user } = renderApp('/more');
    expect(await screen.findByRole('heading', { name: 'Ավելին' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Գործարքների պատմություն/ })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Ձայն/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Դուրս գալ' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Օգտատիրոջ համաձայնագիր/ }));
    const agreement = await screen.findByRole('dialog', { name: 'Օգտատիրոջ համաձայնագիր' });
    const sections = within(agreement).getAllByRole('heading', { level: 3 });
    expect(sections.map((heading) => heading.textContent)).toContain('3. Միայն թվային ակտիվներ');
    expect(agreement).toHaveTextContent('առնվազն 18 տարեկան');
    expect(within(agreement).getByRole('button', { name: 'Փակել' })).toBeInTheDocument();
  });
});

describe('The affiliate program in Russian and Armenian', () => {
  it('Russian: the offer, the rate, and the form’s checks in Russian', async () => {
    const calls = api('ru', { 'POST /api/affiliate-program/request': { status: 201, body: { ok: true } } });
    const { user } = renderApp('/affiliate-program');
    expect(await screen.findByRole('heading', { name: 'Партнёрская программа' })).toBeInTheDocument();
    expect(screen.getByTestId('current-rate')).toHaveTextContent(/^3,5\s%$/);
    expect(screen.getByText('от выигрышей ваших друзей')).toBeInTheDocument();
    expect(screen.getByText(/особая партнёрская ставка/)).toHaveTextContent(/до 10\s% от выигрышей приглашённых друзей\.$/);
    await user.clear(screen.getByLabelText('Эл. почта'));
    await user.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    expect(await screen.findByText('Укажите канал')).toBeInTheDocument();
    expect(screen.getByText('Введите email')).toBeInTheDocument();
    expect(screen.getByLabelText('Название канала')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.callsTo('POST /api/affiliate-program/request')).toHaveLength(0);

    await user.type(screen.getByLabelText('Название канала'), '@big_channel');
    await user.type(screen.getByLabelText('Эл. почта'), 'press@big.example');
    await user.type(screen.getByLabelText('Комментарий'), 'Привет');
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('6/200');
    await user.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    const sent = await screen.findByRole('status');
    expect(sent).toHaveTextContent('Заявка отправлена');
    expect(sent).toHaveTextContent('Спасибо! Мы рассмотрим заявку и напишем вам на press@big.example.');
  });

  it('Armenian: the form and its default refusal', async () => {
    api('hy', { 'POST /api/affiliate-program/request': { status: 500, body: {} } }, { isAffiliate: true, affiliatePercentage: 8 });
    const { user } = renderApp('/affiliate-program');
    expect(await screen.findByRole('heading', { name: 'Գործընկերային ծրագիր' })).toBeInTheDocument();
    expect(screen.getByTestId('current-rate')).toHaveTextContent('8%');
    expect(screen.getByText('ձեր գործընկերային դրույքը')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Գործընկերի կարգավիճակի հայտ' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Ալիքի անվանումը'), '@big_channel');
    await user.click(screen.getByRole('button', { name: 'Ուղարկել հայտը' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Չհաջողվեց ուղարկել հայտը։');
  });
});
