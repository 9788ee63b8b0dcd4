import type { UserRiskAnswer } from '../../../protocol/integrity.ts';
import { formatAdminDate, riskSignalNames } from '../../format.ts';
import { RiskLink } from '../../ui/RiskLink.tsx';
import { RiskSection, SectionTable } from './RiskSection.tsx';

/** Where the account's sessions started from (90 days), most used first as the server sends them. */
export function IpsSection({ ips }: { ips: UserRiskAnswer['ips'] }) {
  return (
    <RiskSection title="IPs">
      <SectionTable columns={['IP', 'Sessions', 'Last Seen']} emptyText={ips.length === 0 ? 'No IPs recorded.' : null}>
        {ips.map((row) => (
          <tr key={row.ip} data-testid="risk-ip">
            <td className="admin-mono">{row.ip}</td>
            <td className="admin-number">{row.sessions}</td>
            <td className="admin-number">{formatAdminDate(row.lastAt)}</td>
          </tr>
        ))}
      </SectionTable>
    </RiskSection>
  );
}

/** The app's device ids the account signed in from. */
export function DevicesSection({ devices }: { devices: UserRiskAnswer['devices'] }) {
  return (
    <RiskSection title="Devices">
      <SectionTable columns={['Device', 'Sessions', 'Last Seen']} emptyText={devices.length === 0 ? 'No devices recorded.' : null}>
        {devices.map((row) => (
          <tr key={row.deviceId} data-testid="risk-device">
            <td className="admin-mono">{row.deviceId}</td>
            <td className="admin-number">{row.sessions}</td>
            <td className="admin-number">{formatAdminDate(row.lastAt)}</td>
          </tr>
        ))}
      </SectionTable>
    </RiskSection>
  );
}

/** Accounts sharing a device, an IP, the withdrawal address or an invite with this one: each is one click away. */
export function LinkedAccountsSection({ accounts }: { accounts: UserRiskAnswer['linkedAccounts'] }) {
  return (
    <RiskSection title="Linked Accounts">
      <SectionTable columns={['Account', 'Shared']} emptyText={accounts.length === 0 ? 'No linked accounts.' : null}>
        {accounts.map((account) => (
          <tr key={account._id} data-testid="risk-linked">
            <td>
              <RiskLink userId={account._id} nickname={account.nickname} />
            </td>
            <td>{account.signals.map((signal) => riskSignalNames[signal] ?? signal).join(', ')}</td>
          </tr>
        ))}
      </SectionTable>
    </RiskSection>
  );
}
