import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminUserRow } from '../../protocol/admin.ts';
import { riskFlagLabels, type UserRiskAnswer } from '../../protocol/integrity.ts';
import { flag, localIso, uid, userRisk } from './admin-riskFixtures.ts';
import { blobText, captureDownloads, operatorApi, renderAdmin } from './adminRender.tsx';

const riskPath = (n: number) => `/admin/users/${uid(n)}/risk`;
const riskRoute = (n: number) => `GET /api/admin/users/${uid(n)}/risk`;
const freezeRoute = `POST /api/admin/users/${uid(1)}/freeze`;
const section = (name: string) => screen.getByRole('region', { name });
const rowsIn = (name: string) => within(section(name)).getAllByRole('row').slice(1);
const cells = (row: HTMLElement | undefined) => within(row!).getAllByRole('cell').map((cell) => cell.textContent);

/** The risk view of uid(1), whose /freeze answers as the server would and is kept for the next read. */
function frozenState(initial: UserRiskAnswer = userRisk()) {
  let risk = initial;
  return {
    read: () => ({ body: risk }),
    freeze: ({ body }: { body: unknown }) => {
      const { frozen, reason } = body as { frozen: boolean; reason: string };
      const frozenAt = frozen ? localIso(2025, 3, 15, 9, 0) : null;
      risk = { ...risk, user: { ...risk.user, frozen, frozenReason: frozen ? reason : null, frozenAt } };
      return { body: { frozen, reason: risk.user.frozenReason, frozenAt } };
    },
  };
}

describe("admin user risk view (/admin/users/:id/risk)", () => {
  it('shows the account, its IPs, devices, linked accounts, flags, head-to-head and recent games', async () => {
    const api = operatorApi({ [riskRoute(1)]: { body: userRisk() } });
    renderAdmin(riskPath(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'ann' })).toBeInTheDocument();
    expect(api.callsTo(riskRoute(1))[0]?.headers.authorization).toBe('Bearer operator-token');
    expect(screen.getByText('ann_user')).toBeInTheDocument();
    expect(screen.getByText('$42.50')).toBeInTheDocument();
    expect(screen.getByText('2025-01-02 09:30')).toBeInTheDocument();
    expect(screen.getByText('TXaddress000000000000000000000001')).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.queryByText('Frozen')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Freeze account' })).toBeInTheDocument();

    expect(rowsIn('IPs').map(cells)).toEqual([
      ['10.0.0.1', '12', '2025-03-14 18:00'],
      ['10.0.0.2', '1', 'Invalid Date'],
    ]);
    expect(rowsIn('Devices').map(cells)).toEqual([['device-aaaaaaaaaaaaaaaa', '7', '2025-03-13 08:15']]);
    expect(rowsIn('Linked Accounts').map(cells)).toEqual([['bob', 'Device, IP']]);
    expect(within(section('Linked Accounts')).getByRole('link', { name: 'bob' })).toHaveAttribute('href', riskPath(2));

    const [flagRow] = within(section('Flags')).getAllByTestId('risk-flag');
    expect(cells(flagRow)[0]).toBe(riskFlagLabels['pair-repeat']);
    expect(within(flagRow!).getByText('Left by bob')).toBeInTheDocument();

    expect(within(section('Head to Head')).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Opponent',
      'Games',
      'Wins',
      'Losses',
      'Left by User',
      'Left by Opponent',
      'Net USDT',
    ]);
    expect(rowsIn('Head to Head').map(cells)).toEqual([['bob', '5', '5', '0', '0', '4', '+$12.50']]);

    const games = rowsIn('Recent Games');
    expect(cells(games[0]).slice(0, 7)).toEqual(['Rock-Paper-Scissors', 'game-1', '$2.50', 'Win', 'left', 'bob', '2025-03-14 18:30']);
    expect(cells(games[1]).slice(0, 7)).toEqual(['Blot', 'game-2', 'Free', 'Loss', '—', 'guest', '2025-03-12 07:05']);
    expect(within(games[0]!).getByRole('link', { name: 'bob' })).toHaveAttribute('href', riskPath(2));
    expect(within(games[1]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it("links the inviter to their own risk view, by nickname when they are among the linked accounts", async () => {
    const base = userRisk();
    operatorApi({
      [riskRoute(1)]: {
        body: { ...base, user: { ...base.user, invitedBy: uid(2) }, linkedAccounts: [{ _id: uid(2), nickname: 'bob', signals: ['device', 'invite'] }] },
      },
    });
    renderAdmin(riskPath(1));
    await screen.findByRole('heading', { level: 1, name: 'ann' });
    const inviter = screen.getByText('Inviter').parentElement!;
    expect(within(inviter).getByRole('link', { name: 'bob' })).toHaveAttribute('href', riskPath(2));
  });

  it('says so when a section is empty, and signs a net loss', async () => {
    operatorApi({
      [riskRoute(1)]: {
        body: userRisk({ ips: [], devices: [], linkedAccounts: [], flags: [], games: [], headToHead: [{ ...userRisk().headToHead[0]!, netUsdt: -3.25 }] }),
      },
    });
    renderAdmin(riskPath(1));
    await screen.findByRole('heading', { level: 1, name: 'ann' });
    expect(within(section('IPs')).getByText('No IPs recorded.')).toBeInTheDocument();
    expect(within(section('Devices')).getByText('No devices recorded.')).toBeInTheDocument();
    expect(within(section('Linked Accounts')).getByText('No linked accounts.')).toBeInTheDocument();
    expect(within(section('Flags')).getByText('No flags on this account.')).toBeInTheDocument();
    expect(within(section('Recent Games')).getByText('No games played.')).toBeInTheDocument();
    expect(cells(rowsIn('Head to Head')[0]).at(-1)).toBe('-$3.25');
  });

  it('shows a frozen account with its reason', async () => {
    const risk = userRisk();
    operatorApi({ [riskRoute(1)]: { body: { ...risk, user: { ...risk.user, frozen: true, frozenReason: 'chip dumping', frozenAt: localIso(2025, 3, 15, 9, 0) } } } });
    renderAdmin(riskPath(1));
    expect(await screen.findByText('Frozen')).toBeInTheDocument();
    expect(screen.getByText('chip dumping')).toBeInTheDocument();
    expect(screen.getByText('since 2025-03-15 09:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfreeze account' })).toBeInTheDocument();
  });

  it('freezes with a required reason: posts {frozen: true, reason} and shows Frozen', async () => {
    const state = frozenState();
    const api = operatorApi({ [riskRoute(1)]: state.read, [freezeRoute]: state.freeze });
    const { user } = renderAdmin(riskPath(1));
    await user.click(await screen.findByRole('button', { name: 'Freeze account' }));
    const dialog = screen.getByRole('dialog', { name: 'Freeze ann?' });
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A reason is required');
    expect(api.callsTo(freezeRoute)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), ' chip dumping to bob ');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(freezeRoute).map((call) => call.body)).toEqual([{ frozen: true, reason: 'chip dumping to bob' }]);
    expect(screen.getByText('Frozen')).toBeInTheDocument();
    expect(screen.getByText('chip dumping to bob')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfreeze account' })).toBeInTheDocument();
  });

  it('unfreezes with an empty reason and shows Active again', async () => {
    const risk = userRisk();
    const state = frozenState({ ...risk, user: { ...risk.user, frozen: true, frozenReason: 'checking', frozenAt: localIso(2025, 3, 15, 9, 0) } });
    const api = operatorApi({ [riskRoute(1)]: state.read, [freezeRoute]: state.freeze });
    const { user } = renderAdmin(riskPath(1));
    await user.click(await screen.findByRole('button', { name: 'Unfreeze account' }));
    const dialog = screen.getByRole('dialog', { name: 'Unfreeze ann?' });
    expect(within(dialog).getByRole('textbox', { name: 'Reason (optional)' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Unfreeze' }));
    await waitFor(() => expect(screen.getByText('Active')).toBeInTheDocument());
    expect(api.callsTo(freezeRoute).map((call) => call.body)).toEqual([{ frozen: false, reason: '' }]);
    expect(screen.queryByText('Frozen')).not.toBeInTheDocument();
  });

  it('keeps the chosen action while the popup is open, though the account changes behind it', async () => {
    const state = frozenState();
    const api = operatorApi({ [riskRoute(1)]: state.read, [freezeRoute]: state.freeze });
    const { user, queryClient } = renderAdmin(riskPath(1));
    await user.click(await screen.findByRole('button', { name: 'Freeze account' }));
    expect(screen.getByRole('dialog', { name: 'Freeze ann?' })).toBeInTheDocument();

    // Another operator freezes ann meanwhile; the view is read again under the open popup.
    state.freeze({ body: { frozen: true, reason: 'by someone else' } });
    await queryClient.refetchQueries();
    expect(await screen.findByText('by someone else')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unfreeze account' })).toBeInTheDocument();

    const dialog = screen.getByRole('dialog', { name: 'Freeze ann?' });
    expect(within(dialog).getByRole('button', { name: 'Freeze' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'chip dumping');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo(freezeRoute).map((call) => call.body)).toEqual([{ frozen: true, reason: 'chip dumping' }]);
  });

  it('clears the required message once a reason is typed', async () => {
    operatorApi({ [riskRoute(1)]: { body: userRisk() } });
    const { user } = renderAdmin(riskPath(1));
    await user.click(await screen.findByRole('button', { name: 'Freeze account' }));
    const dialog = screen.getByRole('dialog', { name: 'Freeze ann?' });
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A reason is required');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'x');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads the risk view again when freezing fails', async () => {
    const api = operatorApi({ [riskRoute(1)]: { body: userRisk() }, [freezeRoute]: { status: 400, body: { message: 'A reason is required' } } });
    const { user } = renderAdmin(riskPath(1));
    await user.click(await screen.findByRole('button', { name: 'Freeze account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A reason is required');
    await waitFor(() => expect(api.callsTo(riskRoute(1))).toHaveLength(2));
  });

  it("shows the server's message when freezing fails", async () => {
    operatorApi({ [riskRoute(1)]: { body: userRisk() }, [freezeRoute]: { status: 400, body: { message: 'A reason is required' } } });
    const { user } = renderAdmin(riskPath(1));
    await user.click(await screen.findByRole('button', { name: 'Freeze account' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'x');
    await user.click(within(dialog).getByRole('button', { name: 'Freeze' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A reason is required');
    expect(screen.getByText('Active')).toBeInTheDocument();
  });

  it("downloads a recent game's log", async () => {
    const api = operatorApi({ [riskRoute(1)]: { body: userRisk() }, 'GET /api/admin/games/game-1/log': { body: ['{"seq":1}', '{"seq":2}'] } });
    const files = captureDownloads();
    const { user } = renderAdmin(riskPath(1));
    await user.click(await screen.findByRole('button', { name: 'Download Log of game game-1' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.filename).toBe('game-log-game-1.txt');
    expect(await blobText(files[0]!.blob)).toBe('{"seq":1}\n{"seq":2}\n');
    expect(api.callsTo('GET /api/admin/games/game-1/log')).toHaveLength(1);
  });

  it("goes to a linked account's own risk view", async () => {
    const bob = userRisk();
    const api = operatorApi({
      [riskRoute(1)]: { body: userRisk() },
      [riskRoute(2)]: { body: { ...bob, user: { ...bob.user, _id: uid(2), nickname: 'bob', username: 'bob_user' }, linkedAccounts: [{ _id: uid(1), nickname: 'ann', signals: ['address'] }] } },
    });
    const { user, path } = renderAdmin(riskPath(1));
    await screen.findByRole('heading', { level: 1, name: 'ann' });
    await user.click(within(section('Linked Accounts')).getByRole('link', { name: 'bob' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'bob' })).toBeInTheDocument();
    expect(path()).toBe(riskPath(2));
    expect(api.callsTo(riskRoute(2))).toHaveLength(1);
    expect(rowsIn('Linked Accounts').map(cells)).toEqual([['ann', 'Withdrawal address']]);
  });

  it('dismisses one of the account\'s flags and reads the view again', async () => {
    let flags = [flag(1)];
    const api = operatorApi({
      [riskRoute(1)]: () => ({ body: userRisk({ flags }) }),
      'POST /api/admin/risk/flags/flag-1/dismiss': () => {
        flags = [];
        return { body: { ok: true } };
      },
    });
    const { user } = renderAdmin(riskPath(1));
    await user.click(await screen.findByRole('button', { name: /^Dismiss flag/ }));
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Note' }), 'cousins');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Dismiss' }));
    expect(await within(section('Flags')).findByText('No flags on this account.')).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/risk/flags/flag-1/dismiss')[0]?.body).toEqual({ note: 'cousins' });
    expect(api.callsTo(riskRoute(1))).toHaveLength(2);
  });

  it("shows the server's message for an unknown account", async () => {
    operatorApi({ [riskRoute(1)]: { status: 404, body: { message: 'Unknown user' } } });
    renderAdmin(riskPath(1));
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown user');
  });

  it("is one click from the player's row on the Users page", async () => {
    const row: AdminUserRow = {
      _id: uid(1),
      nickname: 'ann',
      username: 'ann_user',
      balance: 42.5,
      blockchainBalance: null,
      blockchainBalanceTRX: null,
      createdAt: localIso(2025, 1, 2, 9, 30),
      invitedBy: null,
      isAffiliate: false,
      affiliatePercentage: 0,
    };
    operatorApi({ 'GET /api/admin/users': { body: { users: [row], totalUsers: 1 } }, [riskRoute(1)]: { body: userRisk() } });
    const { user, path } = renderAdmin('/admin/users');
    const link = await screen.findByRole('link', { name: 'Risk view of ann' });
    expect(link).toHaveTextContent('Risk');
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'ann' })).toBeInTheDocument();
    expect(path()).toBe(riskPath(1));
  });
});
