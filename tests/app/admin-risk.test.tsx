import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { riskFlagLabels, type RiskFlag } from '../../protocol/integrity.ts';
import { flag, flagsRoute, manyFlags, uid } from './admin-riskFixtures.ts';
import { operatorApi, paramsOf, renderAdmin } from './adminRender.tsx';

const flagCalls = (api: ReturnType<typeof operatorApi>) => api.callsTo('GET /api/admin/risk/flags');
const lastQuery = (api: ReturnType<typeof operatorApi>) => paramsOf(flagCalls(api).at(-1)).toString();
const pageStatus = () => screen.getByRole('navigation', { name: 'Pages' });
const cells = (row: HTMLElement | undefined) => within(row!).getAllByRole('cell').map((cell) => cell.textContent);

describe('admin risk flags (/admin/risk)', () => {
  it('sits after Users in the nav', async () => {
    operatorApi({ 'GET /api/admin/risk/flags': flagsRoute(() => []) });
    renderAdmin('/admin/risk');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Dashboard', 'Completed Games', 'Users', 'Risk', 'Withdrawals', 'Treasury', 'Operators', 'Security']);
    expect(within(nav).getByRole('link', { name: 'Risk' })).toHaveAttribute('href', '/admin/risk');
  });

  it('lists open flags: kind, linked accounts, count, first and last seen, a detail summary', async () => {
    const api = operatorApi({
      'GET /api/admin/risk/flags': flagsRoute(() => [
        flag(1, { detail: { gameIds: ['g1', 'g2', 'g3'], leaverId: uid(2) } }),
        flag(2, {
          kind: 'shared-ip',
          userIds: [uid(3), uid(4), uid(5)],
          nicknames: ['cat', 'dan', 'eve'],
          count: 5,
          lastAt: 'garbage',
          detail: { ips: ['1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4', '5.5.5.5'], deviceIds: ['device-a'] },
        }),
        flag(3, { kind: 'shared-address', detail: { address: 'TXshared' } }),
      ]),
    });
    renderAdmin('/admin/risk');
    const [first, second, third] = await screen.findAllByTestId('risk-flag');
    expect(lastQuery(api)).toBe('status=open&page=1');
    expect(flagCalls(api)[0]?.headers.authorization).toBe('Bearer operator-token');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Kind', 'Accounts', 'Count', 'First Seen', 'Last Seen', 'Detail', 'Actions']);
    expect(screen.getByTestId('total-flags')).toHaveTextContent('3');

    expect(cells(first).slice(0, 5)).toEqual([riskFlagLabels['pair-repeat'], 'annbob', '3', '2025-03-14 10:05', '2025-03-14 18:40']);
    expect(within(first!).getByRole('link', { name: 'ann' })).toHaveAttribute('href', `/admin/users/${uid(1)}/risk`);
    expect(within(first!).getByRole('link', { name: 'bob' })).toHaveAttribute('href', `/admin/users/${uid(2)}/risk`);
    expect(within(first!).getByText('3 games')).toBeInTheDocument();
    expect(within(first!).getByText('Left by bob')).toBeInTheDocument();

    expect(cells(second)[0]).toBe(riskFlagLabels['shared-ip']);
    expect(cells(second)[4]).toBe('Invalid Date');
    expect(within(second!).getAllByRole('link').map((link) => link.textContent)).toEqual(['cat', 'dan', 'eve']);
    expect(within(second!).getByText('IPs: 1.1.1.1, 2.2.2.2, 3.3.3.3 +2 more')).toBeInTheDocument();
    expect(within(second!).getByText('1 device')).toBeInTheDocument();
    expect(within(third!).getByText('Address: TXshared')).toBeInTheDocument();
  });

  it("says 'Loading...' first, then the empty message", async () => {
    let answer: (reply: { body: unknown }) => void = () => undefined;
    operatorApi({ 'GET /api/admin/risk/flags': () => new Promise((resolve) => (answer = resolve)) });
    renderAdmin('/admin/risk');
    expect(await screen.findByRole('cell', { name: 'Loading...' })).toBeInTheDocument();
    answer({ body: { flags: [], totalFlags: 0 } });
    expect(await screen.findByText('No flags found for the current criteria.')).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(pageStatus()).toHaveTextContent('Page 1 of 1');
  });

  it("shows the server's message when the list fails", async () => {
    operatorApi({ 'GET /api/admin/risk/flags': { status: 400, body: { message: 'Unknown flag kind' } } });
    renderAdmin('/admin/risk');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown flag kind');
  });

  it("pages with Previous and Next, reading 'Page X of N'", async () => {
    const api = operatorApi({ 'GET /api/admin/risk/flags': flagsRoute(() => manyFlags(23)) });
    const { user } = renderAdmin('/admin/risk');
    await screen.findAllByTestId('risk-flag');
    expect(pageStatus()).toHaveTextContent('Page 1 of 3');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 3 of 3'));
    expect(lastQuery(api)).toBe('status=open&page=3');
    expect(screen.getAllByTestId('risk-flag')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 3'));
    expect(lastQuery(api)).toBe('status=open&page=2');
  });

  it('filters by kind and by status, each from page 1', async () => {
    const all: RiskFlag[] = [
      ...manyFlags(12),
      flag(20, { kind: 'shared-device', detail: { deviceIds: ['d1', 'd2'] } }),
      flag(21, { kind: 'shared-device', status: 'dismissed', detail: { deviceIds: ['d1'], dismissNote: 'siblings at home' } }),
    ];
    const api = operatorApi({ 'GET /api/admin/risk/flags': flagsRoute(() => all) });
    const { user } = renderAdmin('/admin/risk');
    await screen.findAllByTestId('risk-flag');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pageStatus()).toHaveTextContent('Page 2 of 2'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), riskFlagLabels['shared-device']);
    await waitFor(() => expect(lastQuery(api)).toBe('kind=shared-device&status=open&page=1'));
    await waitFor(() => expect(screen.getAllByTestId('risk-flag')).toHaveLength(1));
    expect(screen.getByText('2 devices')).toBeInTheDocument();
    expect(pageStatus()).toHaveTextContent('Page 1 of 1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Dismissed');
    await waitFor(() => expect(lastQuery(api)).toBe('kind=shared-device&status=dismissed&page=1'));
    const [dismissed] = await screen.findAllByTestId('risk-flag');
    await waitFor(() => expect(within(dismissed!).getByText('Note: siblings at home')).toBeInTheDocument());
    expect(within(dismissed!).getByText('Dismissed')).toBeInTheDocument();
    expect(within(dismissed!).queryByRole('button')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'All kinds');
    await waitFor(() => expect(lastQuery(api)).toBe('status=dismissed&page=1'));
  });

  it('dismisses a flag with a required note, then refreshes the list', async () => {
    const all = [flag(1), flag(2, { kind: 'reward-farm', userIds: [uid(9)], nicknames: ['inviter'], detail: { inviterId: uid(9) } })];
    const api = operatorApi({
      'GET /api/admin/risk/flags': flagsRoute(() => all),
      'POST /api/admin/risk/flags/flag-2/dismiss': () => {
        all[1] = { ...all[1]!, status: 'dismissed' };
        return { body: { ok: true } };
      },
    });
    const { user } = renderAdmin('/admin/risk');
    const rows = await screen.findAllByTestId('risk-flag');
    expect(within(rows[1]!).getByText('Inviter: inviter')).toBeInTheDocument();
    const listCallsBefore = flagCalls(api).length;

    await user.click(within(rows[1]!).getByRole('button', { name: /^Dismiss flag/ }));
    const dialog = screen.getByRole('dialog', { name: 'Dismiss this flag?' });
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A note is required');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(api.callsTo('POST /api/admin/risk/flags/flag-2/dismiss')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'a real affiliate, checked');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const posts = api.callsTo('POST /api/admin/risk/flags/flag-2/dismiss');
    expect(posts.map((call) => call.body)).toEqual([{ note: 'a real affiliate, checked' }]);
    expect(posts[0]?.headers.authorization).toBe('Bearer operator-token');
    await waitFor(() => expect(screen.getAllByTestId('risk-flag')).toHaveLength(1));
    expect(flagCalls(api).length).toBeGreaterThan(listCallsBefore);
    expect(screen.getByTestId('total-flags')).toHaveTextContent('1');
  });

  it("keeps the popup open with the server's message when the flag was already dismissed", async () => {
    operatorApi({
      'GET /api/admin/risk/flags': flagsRoute(() => [flag(1)]),
      'POST /api/admin/risk/flags/flag-1/dismiss': { status: 409, body: { message: 'This flag was already dismissed' } },
    });
    const { user } = renderAdmin('/admin/risk');
    await user.click(await screen.findByRole('button', { name: /^Dismiss flag/ }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'fine');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This flag was already dismissed');
  });

  it("opens an account's risk view from its nickname", async () => {
    operatorApi({ 'GET /api/admin/risk/flags': flagsRoute(() => [flag(1)]), [`GET /api/admin/users/${uid(2)}/risk`]: () => new Promise(() => undefined) });
    const { user, path } = renderAdmin('/admin/risk');
    await user.click(await screen.findByRole('link', { name: 'bob' }));
    expect(path()).toBe(`/admin/users/${uid(2)}/risk`);
  });
});
