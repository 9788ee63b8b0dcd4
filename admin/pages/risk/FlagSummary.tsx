import type { RiskFlag } from '../../../protocol/integrity.ts';
import { plural } from '../../format.ts';
import { RiskLink } from '../../ui/RiskLink.tsx';

/** IPs listed before '+N more'; a flag row stays a few lines high. */
const SHOWN_IPS = 3;

/** The flag's accounts, each leading to its risk view (a nickname missing on the wire shows the id). */
export function FlagAccounts({ flag }: { flag: RiskFlag }) {
  return (
    <ul className="admin-lines">
      {flag.userIds.map((userId, index) => (
        <li key={userId}>
          <RiskLink userId={userId} nickname={flag.nicknames[index] ?? userId} />
        </li>
      ))}
    </ul>
  );
}

/** A nickname of one of the flag's accounts, by id (the leaver, the inviter). */
function nicknameIn(flag: RiskFlag, userId: string): string {
  const index = flag.userIds.indexOf(userId);
  return (index >= 0 ? flag.nicknames[index] : undefined) ?? userId;
}

/** What was seen, in a few short lines: games, who left, devices, IPs, the address, the inviter, the note. */
export function FlagDetail({ flag }: { flag: RiskFlag }) {
  const { gameIds, leaverId, deviceIds, ips, address, inviterId, dismissNote } = flag.detail;
  const lines: { key: string; text: string; title?: string }[] = [];
  if (gameIds?.length) lines.push({ key: 'games', text: plural(gameIds.length, 'game', 'games'), title: gameIds.join('\n') });
  if (leaverId) lines.push({ key: 'leaver', text: `Left by ${nicknameIn(flag, leaverId)}` });
  if (deviceIds?.length) lines.push({ key: 'devices', text: plural(deviceIds.length, 'device', 'devices'), title: deviceIds.join('\n') });
  if (ips?.length) {
    const more = ips.length > SHOWN_IPS ? ` +${ips.length - SHOWN_IPS} more` : '';
    lines.push({ key: 'ips', text: `IPs: ${ips.slice(0, SHOWN_IPS).join(', ')}${more}`, title: ips.join('\n') });
  }
  if (address) lines.push({ key: 'address', text: `Address: ${address}` });
  if (inviterId) lines.push({ key: 'inviter', text: `Inviter: ${nicknameIn(flag, inviterId)}` });
  if (dismissNote) lines.push({ key: 'note', text: `Note: ${dismissNote}` });
  if (lines.length === 0) return <>—</>;
  return (
    <ul className="admin-lines admin-detail">
      {lines.map(({ key, text, title }) => (
        <li key={key} title={title}>
          {text}
        </li>
      ))}
    </ul>
  );
}
