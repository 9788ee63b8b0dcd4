import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '../../protocol/languages.ts';
import type { User } from '../../protocol/user.ts';
import { walletText, type Transaction, type WithdrawAnswer } from '../../protocol/wallet.ts';
import { serverText } from '../../src/i18n/serverText.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

/**
 * Issue 23: the wallet in Russian and Armenian — Deposit (with its network warning and the devchain's
 * simulate control), both withdraw steps with the fee and what arrives, and the transaction history with
 * its types, statuses, days and empty states. Amounts follow the language ("8,50 USDT", "12,34 $").
 * The account's language picks it, as at sign-in; tests/app/setup.ts puts English back after each test.
 */
const DEPOSIT_ADDRESS = 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf';
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function walletApi(language: Language, overrides: Partial<User> = {}, routes: Record<string, StubRoute> = {}) {
  const player = makeUser({ language, balance: 12.349, ...overrides });
  return {
    player,
    api: stubApi({
      'GET /api/protected': () => ({ body: { user: player } }),
      'GET /api/wallet/wallet-address': { body: { walletAddress: DEPOSIT_ADDRESS } },
      'POST /api/wallet/remove-address': () => {
        player.savedAddress = null;
        return { body: { savedAddress: null } };
      },
      ...routes,
    }),
  };
}

// Both locales' chunks in before the first test, as setup.ts brings the lazy pages in: on a busy
// machine their first transform would otherwise eat the first test's time.
beforeAll(() => i18next.loadLanguages(['ru', 'hy']));
// Each case walks a whole page; two cores shared with other suites can stretch one past the default 5 s.
const WALK = { timeout: 15_000 };

const devchain = { 'GET /api/config': { body: { botUsername: null, supportUrl: null, chain: 'devchain' } } };

describe('Deposit in Russian and Armenian', WALK, () => {
  it('Russian: the balance, the coins, the address with its TRC20 warning, how much and when', async () => {
    walletApi('ru');
    renderApp('/deposit');
    expect(await screen.findByRole('heading', { name: 'Пополнение' })).toBeInTheDocument();
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(DEPOSIT_ADDRESS);
    expect(screen.getByText('Баланс')).toBeInTheDocument();
    expect(screen.getByTestId('balance').textContent).toMatch(/^12,34\s\$$/);
    expect(screen.getByText('Валюта')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /USDT/ })).toHaveAccessibleName(/^USDT\s*TRC20$/);
    expect(screen.getByRole('radio', { name: /TON/ })).toHaveAccessibleName(/^TON\s*Скоро$/);
    expect(screen.getByRole('heading', { name: 'Отправьте USDT (TRC20) на этот адрес' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'QR-код адреса для пополнения' })).toBeInTheDocument();
    expect(screen.getByText('Отправляйте только USDT в сети TRON (TRC20): другие монеты не будут зачислены.')).toBeInTheDocument();
    expect(screen.getByText('Рекомендуемая сумма')).toBeInTheDocument();
    expect(screen.getByTestId('recommended')).toHaveTextContent('20 USDT');
    expect(screen.getByTestId('recommended-other')).toHaveTextContent('≈ 132,45 TRX');
    expect(screen.getByText('Курс')).toBeInTheDocument();
    expect(screen.getByText('1 TRX = 0,151 USDT')).toBeInTheDocument();
    expect(screen.getByText(/после подтверждения в сети — обычно это занимает около 5 минут/)).toBeInTheDocument();
  });

  it('Russian: Copy, and the TRX address with its own warning', async () => {
    walletApi('ru');
    const { user } = renderApp('/deposit');
    await user.click(await screen.findByRole('button', { name: 'Скопировать адрес' }));
    expect(await screen.findByRole('button', { name: 'Скопировано!' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /TRX/ }));
    expect(screen.getByRole('heading', { name: 'Отправьте TRX на этот адрес' })).toBeInTheDocument();
    expect(screen.getByTestId('recommended')).toHaveTextContent('132,45 TRX');
    expect(screen.getByText('Отправляйте только TRX: другие монеты не будут зачислены.')).toBeInTheDocument();
  });

  it('Armenian: the page, the address warning and the devchain control with its own check', async () => {
    const { api } = walletApi('hy', {}, devchain);
    const { user } = renderApp('/deposit');
    expect(await screen.findByRole('heading', { name: 'Լիցքավորում' })).toBeInTheDocument();
    await screen.findByTestId('deposit-address');
    expect(screen.getByText('Մնացորդ')).toBeInTheDocument();
    expect(screen.getByTestId('balance').textContent).toMatch(/^12,34\s\$$/);
    expect(screen.getByRole('radio', { name: /TON/ })).toHaveAccessibleName(/^TON\s*Շուտով$/);
    expect(screen.getByRole('heading', { name: 'Ուղարկեք USDT (TRC20) այս հասցեին' })).toBeInTheDocument();
    expect(screen.getByText('Ուղարկեք միայն USDT՝ TRON ցանցով (TRC20)։ Այլ արժույթները հաշվին չեն մուտքագրվի։')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Պատճենել հասցեն' })).toBeInTheDocument();
    expect(screen.getByText('Առաջարկվող գումար')).toBeInTheDocument();

    const simulate = await screen.findByRole('button', { name: 'Ուղարկել' });
    expect(screen.getByRole('heading', { name: 'Փորձնական լիցքավորում' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Գումար'), 'abc');
    await user.click(simulate);
    expect(await screen.findByText('Մուտքագրեք գումար, օրինակ՝ 25 կամ 25.5')).toBeInTheDocument();
    expect(screen.getByLabelText('Գումար')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Արժույթ')).toHaveValue('USDT');
    expect(api.callsTo('POST /api/dev/deposit')).toHaveLength(0);
  });
});

describe('Withdraw in Russian and Armenian', WALK, () => {
  it('Russian, step 1: the address form, its check in Russian, and step 2 once it is saved', async () => {
    const { player, api } = walletApi('ru', {}, {
      'POST /api/wallet/save-address': ({ body }) => {
        player.savedAddress = (body as { savedAddress: string }).savedAddress;
        return { body: { savedAddress: player.savedAddress } };
      },
    });
    const { user } = renderApp('/withdraw');
    expect(await screen.findByRole('heading', { name: 'Вывод' })).toBeInTheDocument();
    expect(screen.getByText('Шаг 1 из 2')).toBeInTheDocument();
    expect(screen.getByText('Доступно')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Ваш адрес TRC20' })).toBeInTheDocument();
    expect(screen.getByText(/Средства выводятся в USDT в сети TRON \(TRC20\) на этот адрес/)).toBeInTheDocument();
    const field = screen.getByLabelText('Адрес TRC20');
    expect(field).toHaveAttribute('placeholder', 'Начинается с T…');

    await user.type(field, 'T-not-an-address');
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    const invalid = serverText(walletText.invalidAddress);
    expect(invalid).not.toBe(walletText.invalidAddress);
    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/wallet/save-address')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, ADDRESS);
    await user.click(screen.getByRole('button', { name: 'Сохранить адрес' }));
    expect(await screen.findByText('Шаг 2 из 2')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Адрес для вывода (TRC20)' })).toBeInTheDocument();
  });

  it('Russian, step 2: fee and what arrives in Russian numbers, its checks, and a withdrawal held for review', async () => {
    const { api } = walletApi('ru', { savedAddress: ADDRESS, balance: 20 }, {
      'POST /api/withdraw': { body: { newBalance: 8, status: 'review' } satisfies WithdrawAnswer },
    });
    const { user } = renderApp('/withdraw');
    const amount = await screen.findByLabelText('Сумма (USDT)');
    expect(screen.getByText('Шаг 2 из 2')).toBeInTheDocument();
    expect(screen.getByTestId('saved-address')).toHaveTextContent(ADDRESS);
    expect(screen.getByRole('button', { name: 'Отвязать' })).toBeInTheDocument();
    expect(screen.getByText('Комиссия сети')).toBeInTheDocument();
    expect(screen.getByTestId('fee')).toHaveTextContent('1,5 USDT');
    expect(screen.getByText('Вы получите')).toBeInTheDocument();
    expect(screen.getByText('Вывод занимает 10–30 минут.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Вывести' })).toBeDisabled();

    await user.type(amount, '5.123');
    expect(await screen.findByText('Введите сумму не более чем с 2 знаками после запятой, например 12,50.')).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '1');
    expect(await screen.findByText(serverText(walletText.amountTooSmall))).toBeInTheDocument();
    expect(serverText(walletText.amountTooSmall)).not.toBe(walletText.amountTooSmall);

    await user.clear(amount);
    await user.type(amount, '12,5');
    expect(screen.getByTestId('final-amount')).toHaveTextContent('11,00 USDT');
    await user.click(screen.getByRole('button', { name: 'Вывести' }));
    const held = await screen.findByRole('status');
    expect(held).toHaveTextContent('Вывод на проверке. Сумма заморожена: после одобрения её отправят, иначе она вернётся на ваш баланс.');
    expect(api.callsTo('POST /api/withdraw')).toHaveLength(1);
    expect(screen.getByTestId('balance').textContent).toMatch(/^8,00\s\$$/);
  });

  it('Armenian, step 2: Max, the amount that arrives, the request, and the refusal for more than the balance', async () => {
    walletApi('hy', { savedAddress: ADDRESS, balance: 20 }, {
      'POST /api/withdraw': { body: { newBalance: 9.5, status: 'pending' } satisfies WithdrawAnswer },
    });
    const { user } = renderApp('/withdraw');
    const amount = await screen.findByLabelText('Գումար (USDT)');
    expect(screen.getByRole('heading', { name: 'Դուրսբերում' })).toBeInTheDocument();
    expect(screen.getByText('Քայլ 2՝ 2-ից')).toBeInTheDocument();
    expect(screen.getByText('Հասանելի')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Դուրսբերման հասցե (TRC20)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Անջատել' })).toBeInTheDocument();
    expect(screen.getByText('Ցանցի միջնորդավճար')).toBeInTheDocument();
    expect(screen.getByText('Դուք կստանաք')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ամբողջը' }));
    expect(amount).toHaveValue('20.00');
    expect(screen.getByTestId('final-amount')).toHaveTextContent('18,50 USDT');
    await user.clear(amount);
    await user.type(amount, '25');
    await user.click(screen.getByRole('button', { name: 'Դուրս բերել' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Չհաջողվեց դուրս բերել: ${serverText(walletText.insufficientBalance)}`);

    await user.clear(amount);
    await user.type(amount, '10');
    await user.click(screen.getByRole('button', { name: 'Դուրս բերել' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Դուրսբերման հայտն ընդունված է։ USDT-ն ձեր հասցեին կհասնի 10–30 րոպեում։');
  });

  it('Armenian: a failed Disconnect with no words from the server says so in Armenian', async () => {
    walletApi('hy', { savedAddress: ADDRESS }, { 'POST /api/wallet/remove-address': 'network-error' });
    const { user } = renderApp('/withdraw');
    await user.click(await screen.findByRole('button', { name: 'Անջատել' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Հասցեն անջատելիս սխալ տեղի ունեցավ։');
  });
});

describe('Transaction history in Russian and Armenian', WALK, () => {
  let serial = 0;
  function tx(type: Transaction['type'], amount: number, local: [number, number, number, number, number], status = 'completed'): Transaction {
    serial += 1;
    const [year, month, day, hour, minute] = local;
    const date = new Date(year, month - 1, day, hour, minute).toISOString();
    return { _id: `${type}:${serial}`, transactionId: String(serial), type, amount, status, date, blockchainTransactionId: null };
  }
  function historyApi(language: Language, transactions: Transaction[]) {
    const player = makeUser({ language });
    stubApi({ 'GET /api/protected': { body: { user: player } }, [`GET /api/transactions/${player._id}`]: { body: { transactions } } });
  }
  const rows = () =>
    screen.getAllByTestId('transaction').map((row) => {
      const type = row.querySelector('.transaction__type')?.textContent ?? '';
      return `${type} ${within(row).getByTestId('amount').textContent ?? ''} ${within(row).getByTestId('status').textContent ?? ''}`;
    });

  it('Russian: days, types, statuses and amounts in Russian, and the filters', async () => {
    historyApi('ru', [
      tx('deposit', 25, [2025, 3, 10, 9, 5]),
      tx('withdrawal', 10, [2025, 3, 12, 18, 40], 'pending'),
      tx('claim-reward', 1.75, [2025, 3, 12, 8, 0]),
      tx('task-reward', 5, [2025, 3, 11, 12, 0], 'weird-thing'),
      tx('deposit', 19.99995, [2025, 3, 12, 12, 30], 'failed'),
    ]);
    const { user } = renderApp('/transaction-history');
    expect(await screen.findByRole('heading', { name: 'История транзакций' })).toBeInTheDocument();
    await screen.findAllByTestId('transaction');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['12 марта 2025 г.', '11 марта 2025 г.', '10 марта 2025 г.']);
    expect(rows()).toEqual([
      'Вывод -10,00 USDT В обработке',
      'Пополнение +19,99995 USDT Ошибка',
      'Награда за друзей +1,75 USDT Выполнено',
      // A status the app does not know is shown as the server sends it, capitalised.
      'Награда за задание +5,00 USDT Weird thing',
      'Пополнение +25,00 USDT Выполнено',
    ]);
    const filters = screen.getByRole('group', { name: 'Показать' });
    expect(within(filters).getByRole('button', { name: 'Все', pressed: true })).toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: 'Награды' }));
    expect(rows()).toEqual(['Награда за друзей +1,75 USDT Выполнено', 'Награда за задание +5,00 USDT Weird thing']);
    await user.click(within(filters).getByRole('button', { name: 'Пополнения' }));
    expect(rows()).toHaveLength(2);
    expect(within(filters).getByRole('button', { name: 'Выводы' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('Russian: an empty withdrawals filter', async () => {
    historyApi('ru', [tx('deposit', 25, [2025, 3, 10, 9, 5])]);
    const { user } = renderApp('/transaction-history');
    await screen.findAllByTestId('transaction');
    await user.click(screen.getByRole('button', { name: 'Выводы' }));
    expect(screen.getByText('Выводов пока нет.')).toBeInTheDocument();
  });

  it('Armenian: a withdrawal held for review, one rejected, a deposit below the minimum, and the filters', async () => {
    historyApi('hy', [
      tx('withdrawal', 12, [2025, 3, 12, 10, 0], 'under-review'),
      tx('withdrawal', 30, [2025, 3, 12, 9, 0], 'rejected'),
      tx('deposit', 0.5, [2025, 3, 12, 8, 0], 'below-minimum'),
      tx('task-reward', 2, [2025, 3, 12, 7, 0], 'sending'),
    ]);
    const { user } = renderApp('/transaction-history');
    expect(await screen.findByRole('heading', { name: 'Գործարքների պատմություն' })).toBeInTheDocument();
    await screen.findAllByTestId('transaction');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('12 մարտի, 2025 թ.');
    expect(rows()).toEqual([
      'Դուրսբերում -12,00 USDT Ստուգվում է',
      'Դուրսբերում -30,00 USDT Մերժված',
      'Լիցքավորում +0,50 USDT Նվազագույնից քիչ',
      'Պարգև առաջադրանքի համար +2,00 USDT Ուղարկվում է',
    ]);
    expect(screen.getByRole('button', { name: 'Բոլորը', pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Պարգևներ' }));
    expect(rows()).toEqual(['Պարգև առաջադրանքի համար +2,00 USDT Ուղարկվում է']);
    await user.click(screen.getByRole('button', { name: 'Լիցքավորումներ' }));
    await user.click(screen.getByRole('button', { name: 'Դուրսբերումներ' }));
    expect(rows()).toHaveLength(2);
  });

  it('Armenian: no transactions yet', async () => {
    historyApi('hy', []);
    renderApp('/transaction-history');
    expect(await screen.findByText('Գործարքներ դեռ չկան։')).toBeInTheDocument();
  });

  it('Armenian: the default text when the list cannot be fetched', async () => {
    const player = makeUser({ language: 'hy' });
    stubApi({ 'GET /api/protected': { body: { user: player } }, [`GET /api/transactions/${player._id}`]: 'network-error' });
    renderApp('/transaction-history');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Գործարքները բեռնելիս սխալ տեղի ունեցավ'), { timeout: 4000 });
  });
});
