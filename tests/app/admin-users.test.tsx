import ExcelJS from 'exceljs';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminUserRow } from '../../protocol/admin.ts';
import type { StubRoute } from './apiStub.ts';
import { blobBytes, blobText, captureDownloads, operatorApi, paramsOf, renderAdmin } from './adminRender.tsx';

const id = (n: number) => `11111111-0000-4000-8000-${String(n).padStart(12, '0')}`;

function player(n: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    _id: id(n),
    nickname: `player${n}`,
    username: `player_${n}`,
    balance: 12.5,
    blockchainBalance: 20,
    blockchainBalanceTRX: null,
    createdAt: '2025-03-14T15:09:26.000Z',
    invitedBy: null,
    isAffiliate: false,
    affiliatePercentage: 3.5,
    ...overrides,
  };
}

const players = (count: number) => Array.from({ length: count }, (_, index) => player(index + 1, { balance: index + 1 }));

/** GET /api/admin/users over a list, searched, filtered and paged as the server does. */
function usersRoute(all: AdminUserRow[]): StubRoute {
  return (call) => {
    const query = paramsOf(call);
    const page = Number(query.get('page') ?? 1);
    const limit = Number(query.get('limit') ?? 10);
    const search = query.get('search')?.toLowerCase();
    const min = query.has('minBalance') ? Number(query.get('minBalance')) : null;
    const matching = all.filter((u) => (!search || u.nickname.startsWith(search)) && (min === null || u.balance >= min));
    return { body: { users: matching.slice((page - 1) * limit, page * limit), totalUsers: matching.length } };
  };
}

const userCalls = (api: ReturnType<typeof operatorApi>) => api.callsTo('GET /api/admin/users');
const lastUsers = (api: ReturnType<typeof operatorApi>) => paramsOf(userCalls(api).at(-1));
const pageStatus = () => screen.getByRole('navigation', { name: 'Pages' });

describe('admin users (/admin/users)', () => {
  it('shows the columns of the spec and one row per player', async () => {
    operatorApi({
      'GET /api/admin/users': usersRoute([
        player(1, { balance: 12.5, blockchainBalance: 20, blockchainBalanceTRX: null }),
        player(2, { balance: 0.129, blockchainBalance: null, blockchainBalanceTRX: 153.25, invitedBy: 'player1', createdAt: 'garbage', isAffiliate: true, affiliatePercentage: 7 }),
      ]),
    });
    renderAdmin('/admin/users');
    const [first, second] = await screen.findAllByTestId('user-row');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'User ID',
      'Nickname',
      'Balance',
      'Blockchain Balance',
      'Blockchain TRX Balance',
      'Created At',
      'Inviter',
      'Actions',
    ]);
    const cells = (row: HTMLElement | undefined) => within(row!).getAllByRole('cell').map((cell) => cell.textContent);
    const firstCells = cells(first);
    expect(firstCells.slice(0, 5)).toEqual([id(1), 'player1', '$12.50', '20.00 USDT', '—']);
    expect(firstCells[5]).toContain('2025');
    expect(firstCells[6]).toBe('—');
    expect(within(first!).getByRole('button', { name: 'Export transactions of player1' })).toHaveTextContent('Transactions');
    expect(within(first!).getByRole('button', { name: 'Affiliate setting of player1' })).toHaveTextContent('Make affiliate');

    expect(cells(second).slice(0, 7)).toEqual([id(2), 'player2', '$0.12', '—', '153.25 TRX', 'Invalid Date', 'player1']);
    expect(within(second!).getByRole('button', { name: 'Affiliate setting of player2' })).toHaveTextContent('Affiliate 7%');
    expect(screen.getByTestId('total-users')).toHaveTextContent('2');
  });

  it("says 'Loading...' first and 'No users found for the current criteria.' for an empty list", async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    operatorApi({ 'GET /api/admin/users': () => new Promise((resolve) => (answer = resolve)) });
    renderAdmin('/admin/users');
    expect(await screen.findByRole('cell', { name: 'Loading...' })).toBeInTheDocument();
    answer({ body: { users: [], totalUsers: 0 } });
    expect(await screen.findByText('No users found for the current criteria.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(pageStatus()).toHaveTextContent('Page 1 of 1');
  });

  it.each([
    [{ status: 500, body: {} } as const, 'Failed to fetch users. Please try again.'],
    ['network-error' as const, 'Failed to fetch users. Please try again.'],
    [{ status: 400, body: { message: 'Min balance must be a number' } } as const, 'Min balance must be a number'],
  ])('shows an error (%s): %s', async (reply, text) => {
    operatorApi({ 'GET /api/admin/users': reply });
    renderAdmin('/admin/users');
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it("reads 'Page X of N' and keeps the page between 1 and N", async () => {
    const api = operatorApi({ 'GET /api/admin/users': usersRoute(players(31)) });
    const { user } = renderAdmin('/admin/users');
    await screen.findAllByTestId('user-row');
    expect(pageStatus()).toHaveTextContent('Page 1 of 4');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    for (const page of [2, 3, 4]) {
      await user.click(screen.getByRole('button', { name: 'Next' }));
      await waitFor(() => expect(pageStatus()).toHaveTextContent(`Page ${page} of 4`));
    }
    expect(screen.getAllByTestId('user-row')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(lastUsers(api).get('page')).toBe('4');
    expect(lastUsers(api).get('limit')).toBe('10');
  });

  it('searches 500 ms after the last keystroke, from page 1', async () => {
    const api = operatorApi({ 'GET /api/admin/users': usersRoute(players(31)) });
    const { user } = renderAdmin('/admin/users');
    await screen.findAllByTestId('user-row');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 4'));
    const searches = () => userCalls(api).filter((call) => paramsOf(call).has('search'));

    vi.useFakeTimers();
    const box = screen.getByRole('searchbox', { name: 'Search by User ID, Nickname, or Inviter' });
    fireEvent.change(box, { target: { value: 'player' } });
    await act(() => vi.advanceTimersByTimeAsync(250));
    fireEvent.change(box, { target: { value: 'player3' } });
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(searches()).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searches().map((call) => paramsOf(call).get('search'))).toEqual(['player3']);
    expect(paramsOf(searches()[0]).get('page')).toBe('1');
  });

  it('filters by a numeric Min Balance from page 1, and ignores a negative one', async () => {
    const api = operatorApi({ 'GET /api/admin/users': usersRoute(players(31)) });
    const { user } = renderAdmin('/admin/users');
    await screen.findAllByTestId('user-row');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 4'));

    const min = screen.getByRole('spinbutton', { name: 'Min Balance' });
    await user.type(min, '25');
    await waitFor(() => expect(lastUsers(api).get('minBalance')).toBe('25'));
    expect(lastUsers(api).get('page')).toBe('1');
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 1 of 1'));
    expect(screen.getAllByTestId('user-row')).toHaveLength(7);

    await user.clear(min);
    await user.type(min, '-1');
    expect(await screen.findByText('Min Balance must be a number, 0 or more')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(userCalls(api).some((call) => paramsOf(call).get('minBalance') === '-1')).toBe(false);
  });

  it("exports every match to a 'Users' sheet built in the browser", async () => {
    const api = operatorApi({
      'GET /api/admin/users': usersRoute(players(3)),
      'GET /api/admin/users/export': {
        body: { users: [player(1, { invitedBy: 'boss', isAffiliate: true, affiliatePercentage: 8 }), player(2, { blockchainBalance: null })] },
      },
    });
    const files = captureDownloads();
    const { user } = renderAdmin('/admin/users');
    await screen.findAllByTestId('user-row');
    await user.type(screen.getByRole('searchbox', { name: 'Search by User ID, Nickname, or Inviter' }), 'player');
    await waitFor(() => expect(lastUsers(api).get('search')).toBe('player'));

    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 10_000 });
    expect(paramsOf(api.callsTo('GET /api/admin/users/export')[0]).get('search')).toBe('player');
    expect(files[0]?.filename).toBe('Users.xlsx');

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await blobBytes(files[0]!.blob));
    const sheet = workbook.getWorksheet('Users');
    expect(sheet).toBeDefined();
    expect(sheet!.getRow(1).values).toEqual([
      undefined,
      'User ID',
      'Nickname',
      'Username',
      'Balance (USDT)',
      'Blockchain Balance (USDT)',
      'Blockchain TRX Balance',
      'Created At',
      'Inviter',
      'Affiliate',
      'Affiliate %',
    ]);
    expect(sheet!.rowCount).toBe(3);
    const first = sheet!.getRow(2);
    expect(first.getCell(1).value).toBe(id(1));
    expect(first.getCell(4).value).toBe(12.5);
    expect(first.getCell(8).value).toBe('boss');
    expect(first.getCell(9).value).toBe('Yes');
    expect(first.getCell(10).value).toBe(8);
    expect(sheet!.getRow(3).getCell(5).value).toBe('');
  }, 20_000);

  it("says 'Failed to export users.' when the export fails", async () => {
    operatorApi({ 'GET /api/admin/users': usersRoute(players(3)), 'GET /api/admin/users/export': { status: 500, body: {} } });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const files = captureDownloads();
    const { user } = renderAdmin('/admin/users');
    await screen.findAllByTestId('user-row');
    await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to export users.');
    expect(files).toHaveLength(0);
  });

  it("downloads a player's transactions as the server's .xlsx, named as the server says", async () => {
    const api = operatorApi({ 'GET /api/admin/users': usersRoute(players(2)) });
    const stubbed = api.fetch;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === `/api/admin/users/${id(2)}/transactions/export`
        ? new Response('PK-fake-xlsx', {
            headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="transactions-player_2.xlsx"' },
          })
        : stubbed(input, init),
    );
    vi.stubGlobal('fetch', fetch);
    const files = captureDownloads();
    const { user } = renderAdmin('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Export transactions of player2' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.filename).toBe('transactions-player_2.xlsx');
    expect(await blobText(files[0]!.blob)).toBe('PK-fake-xlsx');
    const call = fetch.mock.calls.find(([input]) => String(input).includes('/transactions/export'));
    expect((call?.[1]?.headers as Record<string, string>).authorization).toBe('Bearer operator-token');
  });

  it("logs 'Failed to download transactions' and saves nothing when it fails", async () => {
    operatorApi({ 'GET /api/admin/users': usersRoute(players(1)), [`GET /api/admin/users/${id(1)}/transactions/export`]: { status: 404, body: { message: 'Unknown user' } } });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const files = captureDownloads();
    const { user } = renderAdmin('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Export transactions of player1' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Failed to download transactions', expect.anything()));
    expect(files).toHaveLength(0);
  });

  it('makes a player an affiliate at a chosen rate, and refuses a rate above 10', async () => {
    const api = operatorApi({
      'GET /api/admin/users': usersRoute(players(2)),
      [`POST /api/admin/users/${id(2)}/affiliate`]: ({ body }) => ({ body }),
    });
    const { user } = renderAdmin('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Affiliate setting of player2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Affiliate setting: player2' });
    const rate = within(dialog).getByRole('spinbutton', { name: 'Affiliate percentage (0–10)' });
    expect(rate).toHaveValue(3.5);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Affiliate' }));

    await user.clear(rate);
    await user.type(rate, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The percentage must be between 0 and 10');
    expect(api.callsTo(`POST /api/admin/users/${id(2)}/affiliate`)).toHaveLength(0);

    await user.clear(rate);
    await user.type(rate, '7.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(`POST /api/admin/users/${id(2)}/affiliate`)[0]?.body).toEqual({ isAffiliate: true, affiliatePercentage: 7.5 });
    expect(screen.getByRole('button', { name: 'Affiliate setting of player2' })).toHaveTextContent('Affiliate 7.5%');
    expect(screen.getByRole('button', { name: 'Affiliate setting of player1' })).toHaveTextContent('Make affiliate');
  });

  it("shows the server's refusal of an affiliate setting and keeps the dialog open", async () => {
    operatorApi({
      'GET /api/admin/users': usersRoute(players(1)),
      [`POST /api/admin/users/${id(1)}/affiliate`]: { status: 404, body: { message: 'Unknown user' } },
    });
    const { user } = renderAdmin('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Affiliate setting of player1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Affiliate setting: player1' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Unknown user');
  });
});
