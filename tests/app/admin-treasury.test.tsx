import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SweepView, TreasuryAnswer } from '../../protocol/treasury.ts';
import { captureDownloads, operatorApi, paramsOf, renderAdmin } from './adminRender.tsx';

const sweep = (n: number, overrides: Partial<SweepView> = {}): SweepView => ({
  id: `sweep-${n}`,
  address: `TDeposit${String(n).padStart(26, '0')}`,
  currency: 'USDT',
  amount: 60,
  destination: 'THot',
  destinationKind: 'hot',
  step: 'done',
  feeTrx: 0.1,
  energyUsed: 31_895,
  error: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  finishedAt: '2026-11-20T10:00:09.000Z',
  transactions: [
    { kind: 'delegate', txId: `${n}a`.repeat(8), from: 'TStake', to: 'TDeposit', amount: 3190, status: 'confirmed', feeTrx: 0, energyUsed: 0, createdAt: '2026-11-20T10:00:00.000Z' },
    { kind: 'transfer', txId: `${n}b`.repeat(8), from: 'TDeposit', to: 'THot', amount: 60, status: 'confirmed', feeTrx: 0, energyUsed: 31_895, createdAt: '2026-11-20T10:00:03.000Z' },
  ],
  ...overrides,
});

function answer(overrides: Partial<TreasuryAnswer> = {}): TreasuryAnswer {
  return {
    chain: 'devchain',
    canSweep: true,
    owesUsdt: 100,
    owes: { balancesUsdt: 88, rewardsUsdt: 0, escrowUsdt: 2, withdrawalsUsdt: 10 },
    holdsUsdt: 140,
    holds: { hotUsdt: 40, depositAddressesUsdt: 100, coldUsdt: 0, inFlightUsdt: 0 },
    hotWallet: { address: 'THotWalletAddress0000000000000000x', usdt: 40, trx: 999_990.5, energy: 0, bandwidth: 0 },
    depositAddresses: { count: 3, usdt: 100, trx: 0 },
    cold: { address: 'TColdAddress000000000000000000000x', usdt: 0 },
    staking: { address: 'TStake', delegatableTrx: 1_000_000, energy: 10_000_000 },
    coverage: 1.4,
    differenceUsdt: 40,
    waitingWithdrawals: { count: 0, usdt: 0 },
    warnings: [],
    fees: { withdrawals: { count: 1, trxBurned: 3.19, energy: 31_895 }, sweeps: { count: 3, trxBurned: 0.3, energy: 95_685 }, collectedUsdt: 1.5 },
    sweeps: [sweep(1), sweep(2, { step: 'transfer', destinationKind: 'cold', finishedAt: null })],
    flags: [],
    days: [
      { day: '2026-11-19', owesUsdt: null, holdsUsdt: null, trxBurned: 0, collectedUsdt: 0 },
      { day: '2026-11-20', owesUsdt: 100, holdsUsdt: 140, trxBurned: 3.49, collectedUsdt: 1.5 },
    ],
    ...overrides,
  };
}

describe('admin treasury (/admin/treasury)', () => {
  it('sits after Withdrawals in the nav', async () => {
    operatorApi({ 'GET /api/admin/treasury': { body: answer() } });
    renderAdmin('/admin/treasury');
    const nav = await screen.findByRole('navigation', { name: 'Back office' });
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(links.indexOf('Treasury')).toBe(links.indexOf('Withdrawals') + 1);
  });

  it('shows owes against holds, coverage, the hot wallet, fees, the pictures and the sweeps', async () => {
    const api = operatorApi({ 'GET /api/admin/treasury': { body: answer() } });
    renderAdmin('/admin/treasury');
    expect(await screen.findByTestId('owes')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('holds')).toHaveTextContent('$140.00');
    expect(screen.getByTestId('holds-hot')).toHaveTextContent('$40.00');
    expect(screen.getByTestId('holds-deposits')).toHaveTextContent('$100.00');
    expect(screen.getByTestId('coverage')).toHaveTextContent('140.00 %');
    expect(screen.getByTestId('difference')).toHaveTextContent('$40.00');
    expect(screen.getByTestId('fees-withdrawals')).toHaveTextContent('3.19 TRX');
    expect(screen.getByTestId('fees-collected')).toHaveTextContent('$1.50');
    expect(screen.getByTestId('stake-energy')).toHaveTextContent('10,000,000');
    expect(screen.queryByRole('list', { name: 'Warnings' })).not.toBeInTheDocument();
    // The range goes to the server: the last 30 days by default.
    const query = paramsOf(api.callsTo('GET /api/admin/treasury')[0]);
    expect(Date.parse(query.get('endDate') ?? '') - Date.parse(query.get('startDate') ?? '')).toBeGreaterThan(29 * 86_400_000);

    expect(await screen.findByRole('figure', { name: 'Owes and holds (USDT)' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Fees per day' })).toBeInTheDocument();

    const rows = screen.getAllByTestId('sweep-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Done')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Hot wallet')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Transferring')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Cold address')).toBeInTheDocument();
    expect(within(rows[0]!).getAllByRole('listitem').map((item) => item.textContent?.split(' · ').slice(0, 2).join(' '))).toEqual(['delegate confirmed', 'transfer confirmed']);
    expect(screen.getByText('Every deposit address matches its records.')).toBeInTheDocument();
  });

  it('puts what needs the operator first: the warnings, and the reconciliation’s flags', async () => {
    operatorApi({
      'GET /api/admin/treasury': {
        body: answer({
          warnings: ['coverage-low', 'hot-wallet-short', 'records-differ'],
          coverage: 0.8,
          waitingWithdrawals: { count: 2, usdt: 150 },
          flags: [{ address: 'TFlagged000000000000000000000000x', userId: 'u-1', currency: 'TRX', expected: 0, actual: 7, firstAt: '2026-11-21T00:00:00.000Z', lastAt: '2026-11-21T00:00:00.000Z' }],
        }),
      },
    });
    renderAdmin('/admin/treasury');
    const warnings = await screen.findByRole('list', { name: 'Warnings' });
    expect(within(warnings).getAllByRole('alert').map((item) => item.textContent)).toEqual([
      'The house holds less than it owes its players.',
      'Withdrawals are waiting: the hot wallet cannot cover them. Sweep deposits to it, or fund it.',
      'A deposit address holds something other than its records say: see Reconciliation.',
    ]);
    expect(screen.getByTestId('waiting')).toHaveTextContent('2 · $150.00');
    const [flag] = screen.getAllByTestId('treasury-flag');
    expect(within(flag!).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 5)).toEqual(['TFlagged000000000000000000000000x', 'Player', 'TRX', '0 TRX', '7 TRX']);
    expect(within(flag!).getByRole('link', { name: 'Player' })).toHaveAttribute('href', '/admin/users/u-1/risk');
  });

  it('sweeps on the operator’s word and shows what the pass started', async () => {
    let swept = false;
    const api = operatorApi({
      'GET /api/admin/treasury': () => ({ body: answer(swept ? {} : { sweeps: [] }) }),
      'POST /api/admin/treasury/sweep': () => {
        swept = true;
        return { body: { sweeps: [sweep(1, { step: 'fund' }), sweep(2, { step: 'fund' })] } };
      },
    });
    const { user } = renderAdmin('/admin/treasury');
    expect(await screen.findByText('No sweeps yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sweep now' }));
    expect(await screen.findByTestId('sweep-result')).toHaveTextContent('2 sweeps under way.');
    expect(api.callsTo('POST /api/admin/treasury/sweep')).toHaveLength(1);
    await waitFor(() => expect(screen.getAllByTestId('sweep-row')).toHaveLength(2));
  });

  it('offers no "Sweep now" where the node holds no deposit key, and says where sweeps run', async () => {
    operatorApi({ 'GET /api/admin/treasury': { body: answer({ chain: 'tron', canSweep: false }) } });
    renderAdmin('/admin/treasury');
    await screen.findByTestId('owes');
    expect(screen.queryByRole('button', { name: 'Sweep now' })).not.toBeInTheDocument();
    expect(screen.getByText(/npm run treasury -- watch/)).toBeInTheDocument();
  });

  it('downloads the export for the range, named as the server says', async () => {
    const api = operatorApi({ 'GET /api/admin/treasury': { body: answer() } });
    const stubbed = api.fetch;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).startsWith('/api/admin/treasury/export')
        ? new Response('PK-fake-xlsx', { headers: { 'content-disposition': 'attachment; filename="treasury-2026-10-29-2026-11-27.xlsx"' } })
        : stubbed(input, init),
    );
    vi.stubGlobal('fetch', fetch);
    const files = captureDownloads();
    const { user } = renderAdmin('/admin/treasury');
    await screen.findByTestId('owes');
    await user.click(screen.getByRole('button', { name: 'Export xlsx' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(files[0]?.filename).toBe('treasury-2026-10-29-2026-11-27.xlsx');
    const call = fetch.mock.calls.find(([input]) => String(input).startsWith('/api/admin/treasury/export'));
    expect(String(call?.[0])).toContain('startDate=');
  });

  it('shows the server’s refusal to sweep', async () => {
    operatorApi({
      'GET /api/admin/treasury': { body: answer() },
      'POST /api/admin/treasury/sweep': { status: 409, body: { message: 'This node holds no deposit key', code: 'http.conflict' } },
    });
    const { user } = renderAdmin('/admin/treasury');
    await user.click(await screen.findByRole('button', { name: 'Sweep now' }));
    expect(await screen.findByText('This node holds no deposit key')).toBeInTheDocument();
  });
});
