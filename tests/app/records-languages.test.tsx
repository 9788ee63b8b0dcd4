import { AppRoot } from '@telegram-apps/telegram-ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { GameProof } from '../../protocol/fairness.ts';
import { showLanguage } from '../../src/i18n/i18n.ts';
import hy from '../../src/i18n/locales/hy.ts';
import { FairnessSheet } from '../../src/ui/FairnessSheet.tsx';
import { randomGameProof } from '../rules/fairnessGames.ts';
import { stubApi } from './apiStub.ts';
import { stubVerifyWorker } from './fakeWorker.ts';
import { makeUser, renderApp } from './renderApp.tsx';
import { playedGame as game } from './recordFixtures.ts';

/**
 * Issue 23: the records pages in Russian and Armenian — played games, score history, How fairness works,
 * Verify (its verdict, seeds and every replayed step) and a game's Fairness sheet — as the account's
 * language shows them.
 */

type Language = 'ru' | 'hy';

function recordsApi(language: Language) {
  const player = makeUser({ nickname: 'Ani', score: 1016, language });
  stubApi({
    'GET /api/protected': { body: { user: player } },
    [`GET /api/played-games-history/${player._id}`]: {
      body: { games: [game({}), game({ _id: 'r2', gameId: 'g2', gameMode: 'backgammon', bet: 0, result: 'lose', endReason: 'opponent-left' })] },
    },
    'GET /api/score-history': { body: { records: [{ result: 'win', date: '2025-03-14T15:09:26.000Z', score: 1016, change: 16 }] } },
    'GET /api/statistics': { body: { wins: 7, losses: 3, totalGames: 10 } },
  });
}

describe('played games in the account language', () => {
  it('Russian: the game by its Russian name, the result, the bet as Russian writes money, how it ended, Проверить', async () => {
    recordsApi('ru');
    renderApp('/played-games-history');
    expect(await screen.findByRole('heading', { name: 'Сыгранные игры' })).toBeInTheDocument();
    const [won, lost] = await screen.findAllByTestId('played-game');
    expect(won).toHaveTextContent('Камень, ножницы, бумага');
    expect(won).toHaveTextContent('Победа');
    expect(won).toHaveTextContent(/Ставка\s*1,00\s\$/);
    expect(won).toHaveTextContent('Соперник Bob');
    expect(won).toHaveTextContent('Счёт 3 : 1');
    expect(won).toHaveTextContent('Сыграна до конца');
    expect(won).toHaveTextContent(/14 мар\.? 2025/);
    expect(within(won as HTMLElement).getByRole('link', { name: 'Проверить' })).toHaveAttribute('href', '/verify/g1');
    expect(lost).toHaveTextContent('Нарды');
    expect(lost).toHaveTextContent('Поражение');
    expect(lost).toHaveTextContent('Вы вышли из игры');
  });

  it('Armenian', async () => {
    recordsApi('hy');
    renderApp('/played-games-history');
    expect(await screen.findByRole('heading', { name: 'Խաղացած խաղեր' })).toBeInTheDocument();
    const [won, lost] = await screen.findAllByTestId('played-game');
    expect(won).toHaveTextContent('Քար, թուղթ, մկրատ');
    expect(won).toHaveTextContent('Հաղթանակ');
    expect(won).toHaveTextContent('Մրցակից Bob');
    expect(won).toHaveTextContent('Խաղացվեց մինչև վերջ');
    expect(within(won as HTMLElement).getByRole('link', { name: 'Ստուգել' })).toBeInTheDocument();
    expect(lost).toHaveTextContent('Նարդի');
    expect(lost).toHaveTextContent('Պարտություն');
    expect(lost).toHaveTextContent('Դուք լքեցիք խաղը');
  });
});

describe('score history in the account language', () => {
  it('Russian: the score, the circles named in Russian, the record', async () => {
    recordsApi('ru');
    renderApp('/score-history');
    expect(await screen.findByRole('heading', { name: 'История рейтинга' })).toBeInTheDocument();
    expect(screen.getByText('Рейтинг')).toBeInTheDocument();
    expect(await screen.findByTestId('circle-wins')).toHaveTextContent(/70\s%.*Победы \(7\)/);
    expect(screen.getByTestId('circle-losses')).toHaveTextContent(/30\s%.*Поражения \(3\)/);
    expect(screen.getByTestId('circle-total-games')).toHaveTextContent(/10.*Всего игр/);
    const [record] = await screen.findAllByTestId('score-record');
    expect(record).toHaveTextContent('Победа');
    expect(record).toHaveTextContent('+16');
  });

  it('Armenian, and its empty history', async () => {
    const player = makeUser({ language: 'hy' });
    stubApi({
      'GET /api/protected': { body: { user: player } },
      'GET /api/score-history': { body: { records: [] } },
      'GET /api/statistics': { body: { wins: 0, losses: 0, totalGames: 0 } },
    });
    renderApp('/score-history');
    expect(await screen.findByRole('heading', { name: 'Միավորների պատմություն' })).toBeInTheDocument();
    expect(await screen.findByText('Միավորների պատմությունը դեռ դատարկ է։')).toBeInTheDocument();
    expect(screen.getByTestId('circle-wins')).toHaveTextContent('Հաղթանակներ');
  });
});

describe('How fairness works in the account language', () => {
  it.each([
    [
      'ru',
      'Как устроена честная игра',
      ['Сервер выбирает секретный сид', 'Оба приложения добавляют свои сиды', 'Каждый жребий зависит от всех трёх сидов', 'После игры проверить может любой'],
      ['не дольше 3 с', 'HMAC-SHA256(сид сервера, "duel-stakes/v1|id игры|сид 1|сид 2")', 'npm run verify'],
      'Проверить сыгранную игру',
    ],
    [
      'hy',
      'Ինչպես է աշխատում ազնիվ խաղը',
      ['Սերվերն ընտրում է գաղտնի սիդ', 'Երկու հավելվածներն էլ ավելացնում են իրենց սիդերը', 'Ամեն վիճակահանություն կախված է երեք սիդերից էլ', 'Խաղից հետո ցանկացածը կարող է ստուգել'],
      ['առավելագույնը 3 վայրկյան', 'HMAC-SHA256(սերվերի սիդ, "duel-stakes/v1|խաղի id|սիդ 1|սիդ 2")', 'SHA-256'],
      'Ստուգել խաղացած խաղը',
    ],
  ] as const)('%s', async (language, title, steps, facts, link) => {
    stubApi({ 'GET /api/protected': { body: { user: makeUser({ language }) } } });
    renderApp('/fairness');
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(steps);
    const list = screen.getByRole('list');
    for (const fact of facts) expect(list).toHaveTextContent(fact);
    expect(within(list).getAllByText((_, element) => element?.tagName === 'CODE').length).toBe(2);
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/played-games-history');
  });
});

/** A backgammon game the player sat first in, with both players' moves (as tests/app/verify.test.tsx uses). */
function backgammonGame(): GameProof {
  for (;;) {
    const proof = randomGameProof('backgammon', 4);
    const movers = new Set(proof.inputs.filter((input) => input.action === 'move').map((input) => input.actor));
    if (proof.inputs.length >= 10 && movers.size === 2) return proof;
  }
}

describe('Verify in the account language', () => {
  const proof = backgammonGame();
  const [me] = proof.players;

  function verifyApi(language: Language, body: GameProof = proof) {
    stubVerifyWorker();
    stubApi({
      'GET /api/protected': { body: { user: makeUser({ _id: me, language }) } },
      [`GET /api/games/${proof.gameId}/proof`]: { body },
    });
  }

  it('Russian: the verdict with its counted steps, the seeds, each step, and Back', async () => {
    verifyApi('ru');
    renderApp(`/verify/${proof.gameId}`);
    const verdict = await screen.findByTestId('verify-verdict');
    expect(screen.getByRole('heading', { level: 1, name: 'Проверка' })).toBeInTheDocument();
    expect(verdict).toHaveTextContent('Проверено');
    expect(verdict).toHaveTextContent(new RegExp(`^.*Все ${proof.inputs.length} шаг(а|ов)? партии «Нарды» и все её \\d+ жреби(й|я|ев) \\(броски кубиков\\) совпадают с сидами`));
    expect(verdict).toHaveTextContent('Сыграно');
    const seeds = screen.getByTestId('verify-seeds');
    expect(within(seeds).getByText('Сид сервера, раскрытый после игры').nextElementSibling).toHaveTextContent(proof.serverSeed);
    expect(within(seeds).getByText('Сид соперника').nextElementSibling).toHaveTextContent('не отправлен');
    expect(screen.getByTestId('verify-commitment')).toHaveTextContent('Это устройство не видело начала этой игры');
    expect(screen.getByRole('heading', { level: 2, name: 'Шаги' })).toBeInTheDocument();
    const rows = screen.getAllByTestId('verify-step');
    expect(rows[0]).toHaveTextContent(/^1.*СерверСоздание/);
    expect(within(rows[0] as HTMLElement).getByTestId('verify-step-drawn')).toHaveTextContent(/^Вы: бросок: [1-6]/);
    expect(rows.some((row) => /^Вы: ход|^ход \S+→/.test(within(row).queryByTestId('verify-step-move')?.textContent ?? ''))).toBe(true);
    expect(rows.some((row) => row.textContent?.includes('СоперникХод'))).toBe(true);
    expect(screen.getByRole('button', { name: 'Назад' })).toBeInTheDocument();
  });

  it('Russian: a proof that does not hold, where and why, the missing seed said in Russian', async () => {
    window.localStorage.setItem('seedCommitments', JSON.stringify({ [proof.gameId]: { clientSeed: 'cd'.repeat(16) } }));
    verifyApi('ru', { ...structuredClone(proof), clientSeeds: ['', proof.clientSeeds[0]] });
    renderApp(`/verify/${proof.gameId}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Доказательство не сходится');
    expect(alert).toHaveTextContent('Шаг 0, сиды и хеш-обязательство: Ваш клиентский сид не тот, что отправило ваше устройство.');
    expect(within(alert).getByText('Ожидалось').nextElementSibling).toHaveTextContent('cd'.repeat(16));
    expect(within(alert).getByText('Получено').nextElementSibling).toHaveTextContent('(нет)');
  });

  it('Armenian: the verdict, the seeds and the steps', async () => {
    verifyApi('hy');
    renderApp(`/verify/${proof.gameId}`);
    const verdict = await screen.findByTestId('verify-verdict');
    expect(verdict).toHaveTextContent('Ստուգված է');
    expect(verdict).toHaveTextContent(`«Նարդի» խաղի բոլոր քայլերը (${proof.inputs.length} քայլ)`);
    expect(within(screen.getByTestId('verify-seeds')).getByText('Ձեր սիդը').nextElementSibling).toHaveTextContent(proof.clientSeeds[0]);
    const rows = screen.getAllByTestId('verify-step');
    expect(rows[0]).toHaveTextContent(/^1.*ՍերվերՍտեղծում/);
    expect(within(rows[0] as HTMLElement).getByTestId('verify-step-drawn')).toHaveTextContent(/^Դուք — զառ՝ [1-6]/);
    expect(screen.getByRole('button', { name: 'Հետ' })).toBeInTheDocument();
  });
});

describe("a game's Fairness sheet in the player's language", () => {
  function renderSheet() {
    const sheet = (
      <FairnessSheet
        game={{ _id: 'g1', status: 'completed', phase: 'game-completed', userIds: ['me', 'them'], seedHash: 'ab'.repeat(32), seed: 'cd'.repeat(32), clientSeeds: { me: '0123456789abcdef', them: '' } }}
        myId="me"
        onClose={() => undefined}
      />
    );
    render(
      <AppRoot>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: sheet }])} />
      </AppRoot>,
    );
  }
  const shownFor = (label: string) => within(screen.getByTestId('fairness-seeds')).getByText(label).nextElementSibling?.textContent;

  it('Russian: the seeds, the links, the device seed and its check', async () => {
    await showLanguage('ru');
    renderSheet();
    const sheet = screen.getByRole('dialog', { name: 'Честная игра' });
    expect(sheet).toHaveTextContent('ни сервер, ни ваш соперник не могли их подобрать');
    expect(shownFor('Хеш сида сервера')).toBe('ab'.repeat(32));
    expect(shownFor('Клиентский сид соперника')).toBe('Не отправлен — считается пустым');
    expect(shownFor('Сид сервера (раскрыт)')).toBe('cd'.repeat(32));
    expect(within(sheet).getByRole('link', { name: 'Проверить эту игру' })).toHaveAttribute('href', '/verify/g1');
    expect(within(sheet).getByRole('link', { name: 'Как устроена честная игра' })).toHaveAttribute('href', '/fairness');
    const field = within(sheet).getByRole('textbox', { name: 'Ваш сид для следующих игр' });
    expect(field).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Новый случайный сид' })).toBeInTheDocument();
    expect(within(sheet).getByRole('button', { name: 'Закрыть' })).toBeInTheDocument();
  });

  it('Armenian: the refusal of a malformed seed in Armenian', async () => {
    await showLanguage('hy');
    renderSheet();
    const sheet = screen.getByRole('dialog', { name: 'Ազնիվ խաղ' });
    expect(shownFor('Ձեր կլիենտի սիդը')).toBe('0123456789abcdef');
    const field = within(sheet).getByRole('textbox', { name: 'Ձեր սիդը հաջորդ խաղերի համար' });
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'xyz');
    await user.click(within(sheet).getByRole('button', { name: 'Պահպանել' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    // The protocol's check, through the errors table's Armenian (src/i18n/serverText.ts).
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')).toHaveTextContent(hy.errors.fairness.clientSeedFormat);
  });
});
