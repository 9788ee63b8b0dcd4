import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { RiskFlag } from '../../../protocol/integrity.ts';
import { messageOf } from '../../../src/api/http.ts';
import { FormError } from '../../ui/FormError.tsx';
import { useUserRisk } from '../../api/userRisk.ts';
import { DismissFlagPopup } from '../risk/DismissFlagPopup.tsx';
import { FlagsTable } from '../risk/FlagsTable.tsx';
import { AccountHeader } from './AccountHeader.tsx';
import { HeadToHeadSection, RecentGamesSection } from './GamesSections.tsx';
import { RiskSection } from './RiskSection.tsx';
import { DevicesSection, IpsSection, LinkedAccountsSection } from './SignalTables.tsx';

const FETCH_FAILED = 'Failed to fetch the risk view';

/**
 * One player under review: who they are and whether frozen, where they play from, who shares that with
 * them, what was flagged, whom they play and with what result, and their games' logs. Linked accounts
 * and opponents lead to their own risk view.
 */
export function UserRiskPage() {
  const { id = '' } = useParams();
  const risk = useUserRisk(id);
  const [dismissing, setDismissing] = useState<RiskFlag | null>(null);

  return (
    <section className="admin-risk">
      <p>
        <Link to="/admin/users">← Users</Link>
      </p>
      {risk.isPending && <p className="muted">Loading...</p>}
      <FormError message={risk.isError ? messageOf(risk.error, { failed: FETCH_FAILED, error: FETCH_FAILED }) : null} />
      {risk.data && (
        <>
          <AccountHeader user={risk.data.user} linkedAccounts={risk.data.linkedAccounts} />
          <div className="admin-risk__pair">
            <IpsSection ips={risk.data.ips} />
            <DevicesSection devices={risk.data.devices} />
          </div>
          <LinkedAccountsSection accounts={risk.data.linkedAccounts} />
          <RiskSection title="Flags">
            <FlagsTable flags={risk.data.flags} loading={false} emptyText="No flags on this account." onDismiss={setDismissing} />
          </RiskSection>
          <HeadToHeadSection rows={risk.data.headToHead} />
          <RecentGamesSection games={risk.data.games} />
        </>
      )}
      {dismissing && <DismissFlagPopup flag={dismissing} onClose={() => setDismissing(null)} />}
    </section>
  );
}
