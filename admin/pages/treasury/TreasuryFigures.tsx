import type { TreasuryAnswer } from '../../../protocol/treasury.ts';
import { formatUsdt } from '../../format.ts';

const warningTexts: Record<TreasuryAnswer['warnings'][number], string> = {
  'coverage-low': 'The house holds less than it owes its players.',
  'hot-wallet-short': 'Withdrawals are waiting: the hot wallet cannot cover them. Sweep deposits to it, or fund it.',
  'stake-energy-low': 'The staking account has little energy left to lend: sweeps will burn TRX.',
  'records-differ': 'A deposit address holds something other than its records say: see Reconciliation.',
};

const trx = (amount: number) => `${amount.toLocaleString('en-US', { maximumFractionDigits: 6 })} TRX`;
const count = (value: number) => value.toLocaleString('en-US');

function Line({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="treasury__line">
      <dt>{label}</dt>
      <dd className="admin-number" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** What the house owes against what it holds, the hot wallet's resources, and what needs the operator. */
export function TreasuryFigures({ data }: { data: TreasuryAnswer }) {
  const coverage = data.coverage === null ? '—' : `${(data.coverage * 100).toFixed(2)} %`;
  return (
    <>
      {data.warnings.length > 0 && (
        <ul className="treasury__warnings" aria-label="Warnings">
          {data.warnings.map((warning) => (
            <li key={warning} className="admin-badge admin-badge--danger" role="alert">
              {warningTexts[warning]}
            </li>
          ))}
        </ul>
      )}
      <div className="treasury__figures">
        <article className="card admin-card" aria-labelledby="owes-title">
          <h2 id="owes-title">Owes</h2>
          <p className="admin-figure" data-testid="owes">
            {formatUsdt(data.owesUsdt)}
          </p>
          <dl>
            <Line label="Players' balances" value={formatUsdt(data.owes.balancesUsdt)} />
            <Line label="Referral rewards pending" value={formatUsdt(data.owes.rewardsUsdt)} />
            <Line label="Escrow (searches, games)" value={formatUsdt(data.owes.escrowUsdt)} />
            <Line label="Withdrawals not final" value={formatUsdt(data.owes.withdrawalsUsdt)} />
          </dl>
        </article>
        <article className="card admin-card" aria-labelledby="holds-title">
          <h2 id="holds-title">Holds</h2>
          <p className="admin-figure" data-testid="holds">
            {formatUsdt(data.holdsUsdt)}
          </p>
          <dl>
            <Line label="Hot wallet" value={formatUsdt(data.holds.hotUsdt)} testId="holds-hot" />
            <Line label={`Deposit addresses (${count(data.depositAddresses.count)})`} value={formatUsdt(data.holds.depositAddressesUsdt)} testId="holds-deposits" />
            <Line label="Cold address" value={data.cold ? formatUsdt(data.holds.coldUsdt) : 'not set'} testId="holds-cold" />
            <Line label="Sweeps in flight (counted above)" value={formatUsdt(data.holds.inFlightUsdt)} />
          </dl>
        </article>
        <article className="card admin-card" aria-labelledby="coverage-title">
          <h2 id="coverage-title">Coverage</h2>
          <p className="admin-figure" data-testid="coverage">
            {coverage}
          </p>
          <dl>
            <Line label="Difference" value={formatUsdt(data.differenceUsdt)} testId="difference" />
            <Line label="Withdrawals waiting for funds" value={`${count(data.waitingWithdrawals.count)} · ${formatUsdt(data.waitingWithdrawals.usdt)}`} testId="waiting" />
          </dl>
        </article>
        <article className="card admin-card" aria-labelledby="hot-title">
          <h2 id="hot-title">Hot wallet</h2>
          <p className="admin-mono">{data.hotWallet.address}</p>
          <dl>
            <Line label="TRX" value={trx(data.hotWallet.trx)} />
            <Line label="Energy" value={count(data.hotWallet.energy)} />
            <Line label="Bandwidth" value={count(data.hotWallet.bandwidth)} />
            {data.staking && <Line label="Staking account: energy to lend" value={count(data.staking.energy)} testId="stake-energy" />}
            {data.cold && <Line label="Cold address" value={data.cold.address} />}
          </dl>
        </article>
        <article className="card admin-card" aria-labelledby="fees-title">
          <h2 id="fees-title">Fees in the range</h2>
          <dl>
            <Line label={`Withdrawals (${count(data.fees.withdrawals.count)}): TRX burned`} value={trx(data.fees.withdrawals.trxBurned)} testId="fees-withdrawals" />
            <Line label="Withdrawals: energy" value={count(data.fees.withdrawals.energy)} />
            <Line label={`Sweeps (${count(data.fees.sweeps.count)}): TRX burned`} value={trx(data.fees.sweeps.trxBurned)} testId="fees-sweeps" />
            <Line label="Sweeps: energy" value={count(data.fees.sweeps.energy)} />
            <Line label="Withdrawal fees collected" value={formatUsdt(data.fees.collectedUsdt)} testId="fees-collected" />
          </dl>
        </article>
      </div>
    </>
  );
}
