import { useState, type ReactNode } from 'react';
import type { UserRiskAnswer } from '../../../protocol/integrity.ts';
import { formatAdminDate, formatUsdt } from '../../format.ts';
import { RiskLink } from '../../ui/RiskLink.tsx';
import { FreezePopup } from './FreezePopup.tsx';
import { useCan } from '../../operator.ts';

/** Frozen (red, with the reason and since when) or Active. */
function FrozenState({ user }: { user: UserRiskAnswer['user'] }) {
  if (!user.frozen) return <span className="admin-badge">Active</span>;
  return (
    <p className="admin-frozen">
      <span className="admin-badge admin-badge--danger">Frozen</span>
      {user.frozenReason && <span>{user.frozenReason}</span>}
      {user.frozenAt && <span className="muted">since {formatAdminDate(user.frozenAt)}</span>}
    </p>
  );
}

/**
 * Who the account is, its balance and standing, and the freeze toggle. The inviter leads to their own
 * risk view, by nickname (they are among the linked accounts, tied by the invite).
 */
export function AccountHeader({ user, linkedAccounts }: { user: UserRiskAnswer['user']; linkedAccounts: UserRiskAnswer['linkedAccounts'] }) {
  // The action chosen on opening: the popup keeps it while the data behind changes (its own answer, a refetch).
  const [freezeTo, setFreezeTo] = useState<boolean | null>(null);
  const mayFreeze = useCan('freeze');
  const inviter = user.invitedBy;
  const facts: [string, ReactNode][] = [
    ['Username', user.username],
    ['User ID', user._id],
    ['Balance', formatUsdt(user.balance)],
    ['Created At', formatAdminDate(user.createdAt)],
    ['Inviter', inviter ? <RiskLink userId={inviter} nickname={linkedAccounts.find((account) => account._id === inviter)?.nickname ?? inviter} /> : '—'],
    ['Telegram ID', user.telegramId === null ? '—' : String(user.telegramId)],
    ['Saved Address', user.savedAddress ?? '—'],
  ];

  return (
    <header className="admin-account">
      <div className="admin-account__head">
        <h1 className="admin__title">{user.nickname}</h1>
        <FrozenState user={user} />
        {mayFreeze && (
          <button
            className={user.frozen ? 'button button--secondary button--small admin-toolbar__end' : 'button button--danger button--small admin-toolbar__end'}
            type="button"
            onClick={() => setFreezeTo(!user.frozen)}
          >
            {user.frozen ? 'Unfreeze account' : 'Freeze account'}
          </button>
        )}
      </div>
      <dl className="admin-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {freezeTo !== null && <FreezePopup userId={user._id} nickname={user.nickname} freeze={freezeTo} onClose={() => setFreezeTo(null)} />}
    </header>
  );
}
