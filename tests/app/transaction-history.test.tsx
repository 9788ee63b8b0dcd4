import { readFileSync } from 'node:fs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../protocol/wallet.ts';
import { stubApi, type StubRoute } from './apiStub.ts';
import { makeUser, renderApp } from './renderApp.tsx';

let serial = 0;
/** A transaction at a local date and time, so the day it is grouped under does not depend on the zone. */
function tx(type: Transaction['type'], amount: number, local: [number, number, number, number, number], status = 'completed'): Transaction {
  serial += 1;
  const [year, month, day, hour, minute] = local;
  return {
    _id: `${type}:${serial}`,
    transactionId: String(serial),
    type,
    amount,
    status,
    date: new Date(year, month - 1, day, hour, minute).toISOString(),
    blockchainTransactionId: null,
  };
}

const player = makeUser();

function historyApi(reply: StubRoute) {
  return stubApi({ 'GET /api/protected': { body: { user: player } }, [`GET /api/transactions/${player._id}`]: reply });
}

const listed = (transactions: Transaction[]) => historyApi({ body: { transactions } });

/** Every row as 'type amount status', in the order shown. */
function rows(): string[] {
  return screen.getAllByTestId('transaction').map((row) => {
    const type = row.querySelector('.transaction__type')?.textContent ?? '';
    const amount = within(row).getByTestId('amount').textContent ?? '';
    const status = within(row).getByTestId('status').textContent ?? '';
    return `${type} ${amount} ${status}`;
  });
}

const sample = [
  tx('deposit', 25, [2025, 3, 10, 9, 5]),
  tx('withdrawal', 10, [2025, 3, 12, 18, 40], 'pending'),
  tx('claim-reward', 1.75, [2025, 3, 12, 8, 0]),
  tx('task-reward', 5, [2025, 3, 11, 12, 0]),
  tx('deposit', 19.99995, [2025, 3, 12, 12, 30], 'failed'),
];

describe('the transaction history', () => {
  it("asks for the player's own transactions", async () => {
    const api = listed([]);
    renderApp('/transaction-history');
    await screen.findByText('No transactions yet.');
    expect(api.callsTo(`GET /api/transactions/${player._id}`)).toHaveLength(1);
  });

  it('groups by local day, newest day and newest transaction first', async () => {
    listed(sample);
    renderApp('/transaction-history');
    await screen.findAllByTestId('transaction');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'March 12, 2025',
      'March 11, 2025',
      'March 10, 2025',
    ]);
    expect(rows()).toEqual([
      'Withdrawal -10.00 USDT Pending',
      'Deposit +19.99995 USDT Failed',
      'Friends reward +1.75 USDT Completed',
      'Task reward +5.00 USDT Completed',
      'Deposit +25.00 USDT Completed',
    ]);
    const march12 = screen.getByRole('region', { name: 'March 12, 2025' });
    expect(within(march12).getAllByTestId('transaction')).toHaveLength(3);
    expect(within(march12).getByText('18:40')).toBeInTheDocument();
  });

  it('shows only the four known types with an amount above 0', async () => {
    listed([
      tx('deposit', 0, [2025, 3, 12, 10, 0]),
      tx('withdrawal', 0, [2025, 3, 12, 11, 0]),
      tx('task-reward', 2, [2025, 3, 12, 12, 0]),
      { ...tx('deposit', 7, [2025, 3, 12, 13, 0]), type: 'game-win' as Transaction['type'] },
      tx('deposit', -3, [2025, 3, 12, 14, 0]),
    ]);
    renderApp('/transaction-history');
    await screen.findAllByTestId('transaction');
    expect(rows()).toEqual(['Task reward +2.00 USDT Completed']);
  });

  it.each([
    ['Deposits', ['Deposit +19.99995 USDT Failed', 'Deposit +25.00 USDT Completed']],
    ['Withdrawals', ['Withdrawal -10.00 USDT Pending']],
    ['Rewards', ['Friends reward +1.75 USDT Completed', 'Task reward +5.00 USDT Completed']],
  ])('filters %s', async (filter, expected) => {
    listed(sample);
    const { user } = renderApp('/transaction-history');
    await screen.findAllByTestId('transaction');
    expect(screen.getByRole('button', { name: 'All', pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: filter }));
    expect(screen.getByRole('button', { name: filter, pressed: true })).toBeInTheDocument();
    expect(rows()).toEqual(expected);
    await user.click(screen.getByRole('button', { name: 'All' }));
    expect(rows()).toHaveLength(5);
  });

  it('says when a filter has nothing to show', async () => {
    listed([tx('deposit', 25, [2025, 3, 10, 9, 5])]);
    const { user } = renderApp('/transaction-history');
    await screen.findAllByTestId('transaction');
    await user.click(screen.getByRole('button', { name: 'Withdrawals' }));
    expect(screen.getByText('No withdrawals yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('transaction')).not.toBeInTheDocument();
  });

  it('capitalises any status the server sends', async () => {
    listed([
      tx('withdrawal', 3, [2025, 3, 12, 10, 0], 'sending'),
      tx('deposit', 0.5, [2025, 3, 12, 9, 0], 'below-minimum'),
    ]);
    renderApp('/transaction-history');
    await screen.findAllByTestId('transaction');
    expect(screen.getAllByTestId('status').map((s) => s.textContent)).toEqual(['Sending', 'Below minimum']);
  });

  it('shows a withdrawal held for review and one an operator rejected, each coloured by its status', async () => {
    listed([
      tx('withdrawal', 12, [2025, 3, 12, 10, 0], 'under-review'),
      tx('withdrawal', 30, [2025, 3, 12, 9, 0], 'rejected'),
      tx('withdrawal', 4, [2025, 3, 12, 8, 0], 'pending'),
      tx('withdrawal', 6, [2025, 3, 12, 7, 0], 'failed'),
    ]);
    renderApp('/transaction-history');
    await screen.findAllByTestId('transaction');
    expect(rows()).toEqual([
      'Withdrawal -12.00 USDT Under review',
      'Withdrawal -30.00 USDT Rejected',
      'Withdrawal -4.00 USDT Pending',
      'Withdrawal -6.00 USDT Failed',
    ]);
    const [review, rejected] = screen.getAllByTestId('status') as [HTMLElement, HTMLElement];
    expect(review).toHaveClass('transaction__status--under-review');
    expect(rejected).toHaveClass('transaction__status--rejected');

    // jsdom applies no stylesheet: the rules themselves say review colours like pending, rejected like failed.
    // Read from disk: Vitest hands the app's CSS imports over empty, even with ?raw.
    const stylesheet = `${import.meta.dirname}/../../src/pages/transaction-history/transaction-history.css`;
    const css = readFileSync(stylesheet, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const colourOf = (status: string) => {
      const rule = [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].find(([, selectors]) =>
        (selectors ?? '').split(',').some((selector) => selector.trim() === `.transaction__status--${status}`),
      );
      return rule?.[2]?.match(/color:\s*([^;]+);/)?.[1]?.trim();
    };
    expect(colourOf('under-review')).toBeDefined();
    expect(colourOf('under-review')).toBe(colourOf('pending'));
    expect(colourOf('rejected')).toBeDefined();
    expect(colourOf('rejected')).toBe(colourOf('failed'));
  });

  it("shows 'Invalid Date' for a date that cannot be parsed, after the dated ones", async () => {
    listed([{ ...tx('deposit', 4, [2025, 3, 12, 10, 0]), date: 'not a date' }, tx('deposit', 6, [2025, 3, 11, 10, 0])]);
    renderApp('/transaction-history');
    await screen.findAllByTestId('transaction');
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['March 11, 2025', 'Invalid Date']);
  });

  it.each([
    ['the server’s message', { status: 403, body: { message: 'You can only see your own transactions' } }, 'You can only see your own transactions'],
    ['the default when the server says nothing', { status: 500, body: {} }, 'Failed to fetch transactions'],
    ['the unreachable default', 'network-error', 'Error fetching transactions'],
  ] as const)('shows %s when the list cannot be fetched', async (_case, reply, text) => {
    historyApi(reply);
    renderApp('/transaction-history');
    expect(await screen.findByRole('alert', {}, { timeout: 4000 })).toHaveTextContent(text);
    expect(screen.queryByText('No transactions yet.')).not.toBeInTheDocument();
  });
});
