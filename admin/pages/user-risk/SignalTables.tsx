import type { UserRiskAnswer } from '../../../protocol/integrity.ts';
import { formatAdminDate, riskSignalNames } from '../../format.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { RiskLink } from '../../ui/RiskLink.tsx';
import { RiskSection } from './RiskSection.tsx';

interface SeenSectionProps {
  title: string;
  /** The first column's name: what was seen ('IP', 'Device'). */
  column: string;
  emptyText: string;
  testId: string;
  rows: { seen: string; sessions: number; lastAt: string }[];
}

/** Something the account's sessions came from, with how many and when last. */
function SeenSection({ title, column, emptyText, testId, rows }: SeenSectionProps) {
  return (
    <RiskSection title={title}>
      <DataTable compact columns={[column, 'Sessions', 'Last Seen']} emptyText={rows.length === 0 ? emptyText : null}>
        {rows.map((row) => (
          <tr key={row.seen} data-testid={testId}>
            <td className="admin-mono">{row.seen}</td>
            <td className="admin-number">{row.sessions}</td>
            <td className="admin-number">{formatAdminDate(row.lastAt)}</td>
          </tr>
        ))}
      </DataTable>
    </RiskSection>
  );
}

/** Where the account's sessions started from (90 days), most used first as the server sends them. */
export function IpsSection({ ips }: { ips: UserRiskAnswer['ips'] }) {
  return (
    <SeenSection title="IPs" column="IP" emptyText="No IPs recorded." testId="risk-ip" rows={ips.map(({ ip, ...row }) => ({ seen: ip, ...row }))} />
  );
}

/** The app's device ids the account signed in from. */
export function DevicesSection({ devices }: { devices: UserRiskAnswer['devices'] }) {
  return (
    <SeenSection
      title="Devices"
      column="Device"
      emptyText="No devices recorded."
      testId="risk-device"
      rows={devices.map(({ deviceId, ...row }) => ({ seen: deviceId, ...row }))}
    />
  );
}

/** Accounts sharing a device, an IP, the withdrawal address or an invite with this one: each is one click away. */
export function LinkedAccountsSection({ accounts }: { accounts: UserRiskAnswer['linkedAccounts'] }) {
  return (
    <RiskSection title="Linked Accounts">
      <DataTable compact columns={['Account', 'Shared']} emptyText={accounts.length === 0 ? 'No linked accounts.' : null}>
        {accounts.map((account) => (
          <tr key={account._id} data-testid="risk-linked">
            <td>
              <RiskLink userId={account._id} nickname={account.nickname} />
            </td>
            <td>{account.signals.map((signal) => riskSignalNames[signal] ?? signal).join(', ')}</td>
          </tr>
        ))}
      </DataTable>
    </RiskSection>
  );
}
