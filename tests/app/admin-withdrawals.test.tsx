import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { integrityText, riskFlagLabels, type AdminWithdrawalRow } from '../../protocol/integrity.ts';
import { uid, withdrawal, withdrawalsRoute } from './admin-riskFixtures.ts';
import { operatorApi, paramsOf, renderAdmin } from './adminRender.tsx';

const listCalls = (api: ReturnType<typeof operatorApi>) => api.callsTo('GET /api/admin/withdrawals');
const lastQuery = (api: ReturnType<typeof operatorApi>) => paramsOf(listCalls(api).at(-1)).toString();
const pageStatus = () => screen.getByRole('navigation', { name: 'Pages' });
const cells = (row: HTMLElement | undefined) => within(row!).getAllByRole('cell').map((cell) => cell.textContent);
const approveRoute = (id: string) => `POST /api/admin/withdrawals/${id}/approve`;
const rejectRoute = (id: string) => `POST /api/admin/withdrawals/${id}/reject`;

/** A list whose decisions change the stored rows, as the server's would. */
function reviewQueue(rows: AdminWithdrawalRow[]) {
  const all = [...rows];
  const decide = (id: string, status: AdminWithdrawalRow['status']) => () => {
    const index = all.findIndex((row) => row._id === id);
    all[index] = { ...all[index]!, status };
    return { body: { _id: id, status } };
  };
  return { list: withdrawalsRoute(() => all), approve: (id: string) => decide(id, 'pending'), reject: (id: string) => decide(id, 'rejected') };
}

describe('admin withdrawals (/admin/withdrawals)', () => {
  it('sits after Risk in the nav', async () => {
    operatorApi({ 'GET /api/admin/withdrawals': withdrawalsRoute(() => []) });
    renderAdmin('/admin/withdrawals');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Withdrawals')).toBe(links.indexOf('Risk') + 1);
    expect(within(nav).getByRole('link', { name: 'Withdrawals' })).toHaveAttribute('href', '/admin/withdrawals');
  });

  it('lists the withdrawals in review by default, each with the player’s risk summary', async () => {
    const api = operatorApi({
      'GET /api/admin/withdrawals': withdrawalsRoute(() => [
        withdrawal(1, {
          amount: 120.5,
          fee: 1.5,
          createdAt: 'garbage',
          heldFor: 'open risk flag',
          reviewReason: null,
          risk: { frozen: true, openFlags: ['pair-repeat', 'shared-device', 'pair-repeat'], linkedAccounts: 3 },
        }),
        withdrawal(2, { risk: { frozen: false, openFlags: [], linkedAccounts: 1 } }),
        withdrawal(3, { status: 'completed' }),
      ]),
    });
    renderAdmin('/admin/withdrawals');
    const [first, second] = await screen.findAllByTestId('withdrawal-row');
    expect(lastQuery(api)).toBe('status=review&page=1');
    expect(listCalls(api)[0]?.headers.authorization).toBe('Bearer operator-token');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('review');
    expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(2);
    expect(screen.getByTestId('total-withdrawals')).toHaveTextContent('2');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Player',
      'Amount',
      'Fee',
      'Address',
      'Status',
      'Created At',
      'Risk',
      'Actions',
    ]);

    expect(cells(first).slice(0, 6)).toEqual(['player1', '$120.50', '$1.50', withdrawal(1).toAddress, 'In reviewHeld: open risk flag', 'Invalid Date']);
    expect(within(first!).getByRole('link', { name: 'player1' })).toHaveAttribute('href', `/admin/users/${uid(1)}/risk`);
    const risk = within(first!).getByTestId('withdrawal-risk');
    expect(within(risk).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Frozen',
      `${riskFlagLabels['pair-repeat']} ×2`,
      riskFlagLabels['shared-device'],
      '3 linked accounts',
    ]);
    expect(within(first!).getByRole('button', { name: 'Approve withdrawal of player1' })).toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: 'Reject withdrawal of player1' })).toBeInTheDocument();

    expect(within(within(second!).getByTestId('withdrawal-risk')).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'No open flags',
      '1 linked account',
    ]);
  });

  it("says 'Loading...' first, then the empty message", async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    operatorApi({ 'GET /api/admin/withdrawals': () => new Promise((resolve) => (answer = resolve)) });
    renderAdmin('/admin/withdrawals');
    expect(await screen.findByRole('cell', { name: 'Loading...' })).toBeInTheDocument();
    answer({ body: { withdrawals: [], totalWithdrawals: 0 } });
    expect(await screen.findByText('No withdrawals found for the current criteria.')).toBeInTheDocument();
    expect(pageStatus()).toHaveTextContent('Page 1 of 1');
  });

  it('filters by status from page 1; rows out of review have no decision buttons', async () => {
    const rows = [...Array.from({ length: 14 }, (_, index) => withdrawal(index + 1)), withdrawal(30, { status: 'completed' })];
    const api = operatorApi({ 'GET /api/admin/withdrawals': withdrawalsRoute(() => rows) });
    const { user } = renderAdmin('/admin/withdrawals');
    await screen.findAllByTestId('withdrawal-row');
    expect(pageStatus()).toHaveTextContent('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(api)).toBe('status=review&page=2'));
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(4));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Completed');
    await waitFor(() => expect(lastQuery(api)).toBe('status=completed&page=1'));
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(1));
    const [done] = screen.getAllByTestId('withdrawal-row');
    expect(cells(done)[4]).toBe('Completed');
    expect(within(done!).queryByRole('button')).not.toBeInTheDocument();
    expect(pageStatus()).toHaveTextContent('Page 1 of 1');
  });

  it('approves after a confirmation, posts {} and refreshes the list', async () => {
    const queue = reviewQueue([withdrawal(1), withdrawal(2)]);
    const api = operatorApi({ 'GET /api/admin/withdrawals': queue.list, [approveRoute('wd-1')]: queue.approve('wd-1') });
    const { user } = renderAdmin('/admin/withdrawals');
    await user.click(await screen.findByRole('button', { name: 'Approve withdrawal of player1' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve this withdrawal?' });
    expect(dialog).toHaveTextContent('$25.00');
    expect(dialog).toHaveTextContent(withdrawal(1).toAddress);
    // Nothing is sent before the confirmation.
    expect(api.callsTo(approveRoute('wd-1'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = api.callsTo(approveRoute('wd-1'));
    expect(posts.map((call) => call.body)).toEqual([{}]);
    expect(posts[0]?.headers.authorization).toBe('Bearer operator-token');
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'player1' })).not.toBeInTheDocument();
    expect(listCalls(api)).toHaveLength(2);
  });

  it('rejects only with a reason, posts it and refreshes the list', async () => {
    const queue = reviewQueue([withdrawal(1), withdrawal(2)]);
    const api = operatorApi({ 'GET /api/admin/withdrawals': queue.list, [rejectRoute('wd-2')]: queue.reject('wd-2') });
    const { user } = renderAdmin('/admin/withdrawals');
    await user.click(await screen.findByRole('button', { name: 'Reject withdrawal of player2' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject this withdrawal?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A reason is required');
    expect(api.callsTo(rejectRoute('wd-2'))).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Address linked to a farm');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(rejectRoute('wd-2')).map((call) => call.body)).toEqual([{ reason: 'Address linked to a farm' }]);
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'player2' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Rejected');
    await waitFor(() => expect(screen.getByRole('link', { name: 'player2' })).toBeInTheDocument());
  });

  it.each([
    ['approve', 'Approve withdrawal of player1', 'Approve', approveRoute('wd-1')],
    ['reject', 'Reject withdrawal of player1', 'Reject', rejectRoute('wd-1')],
  ] as const)("shows the server's message when another operator decided first (%s → 409) and refreshes", async (_action, rowButton, confirm, route) => {
    let rows = [withdrawal(1)];
    const api = operatorApi({
      'GET /api/admin/withdrawals': withdrawalsRoute(() => rows),
      [route]: () => {
        rows = [{ ...rows[0]!, status: 'pending' }];
        return { status: 409, body: { message: 'This withdrawal was already decided' } };
      },
    });
    const { user } = renderAdmin('/admin/withdrawals');
    await user.click(await screen.findByRole('button', { name: rowButton }));
    const dialog = screen.getByRole('dialog');
    const reason = within(dialog).queryByRole('textbox', { name: 'Reason' });
    if (reason) await user.type(reason, 'too late');
    await user.click(within(dialog).getByRole('button', { name: confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This withdrawal was already decided');
    expect(api.callsTo(route)).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('No withdrawals found for the current criteria.')).toBeInTheDocument());
  });

  it("keeps Approve off for a frozen player, saying why; Reject stays available", async () => {
    const api = operatorApi({
      'GET /api/admin/withdrawals': withdrawalsRoute(() => [withdrawal(1, { risk: { frozen: true, openFlags: [], linkedAccounts: 0 } }), withdrawal(2)]),
    });
    const { user } = renderAdmin('/admin/withdrawals');
    const approve = await screen.findByRole('button', { name: 'Approve withdrawal of player1' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAttribute('title', integrityText.accountFrozen);
    await user.click(approve);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(approveRoute('wd-1'))).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Reject withdrawal of player1' })).toBeEnabled();

    const other = screen.getByRole('button', { name: 'Approve withdrawal of player2' });
    expect(other).toBeEnabled();
    expect(other).not.toHaveAttribute('title');
  });

  it("opens the player's risk view from the row", async () => {
    operatorApi({ 'GET /api/admin/withdrawals': withdrawalsRoute(() => [withdrawal(4)]), [`GET /api/admin/users/${uid(4)}/risk`]: () => new Promise(() => undefined) });
    const { user, path } = renderAdmin('/admin/withdrawals');
    await user.click(await screen.findByRole('link', { name: 'player4' }));
    expect(path()).toBe(`/admin/users/${uid(4)}/risk`);
  });

  it('marks a pending withdrawal the hot wallet cannot cover as waiting for funds', async () => {
    operatorApi({
      'GET /api/admin/withdrawals': withdrawalsRoute(() => [
        withdrawal(5, { status: 'pending', waitingForFundsSince: '2026-11-27T08:30:00.000Z' }),
        withdrawal(6, { status: 'pending' }),
      ]),
    });
    const { user } = renderAdmin('/admin/withdrawals');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Status' }), 'pending');
    await waitFor(() => expect(screen.getAllByTestId('withdrawal-row')).toHaveLength(2));
    const [waiting, sending] = screen.getAllByTestId('withdrawal-row');
    expect(within(waiting!).getByTestId('waiting-for-funds')).toHaveTextContent(/^Waiting for funds since /);
    expect(within(sending!).queryByTestId('waiting-for-funds')).not.toBeInTheDocument();
  });
});
