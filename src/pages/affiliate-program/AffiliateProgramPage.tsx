import { useSnapshot } from 'valtio';
import { AFFILIATE_MAX_PERCENT, REFERRAL_PERCENT } from '../../../protocol/growth.ts';
import { session } from '../../app/session.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { AffiliateRequestForm } from './AffiliateRequestForm.tsx';
import './affiliate.css';

/** /affiliate-program (spec §2, §6): what the program offers, and the request form. */
export function AffiliateProgramPage() {
  const { user } = useSnapshot(session);
  if (!user) return null;
  return (
    <PageFrame title="Affiliate Program">
      <div className="affiliate">
        <section className="card affiliate__about" aria-label="About the program">
          <p className="affiliate__rate">
            <span className="affiliate__rate-value" data-testid="current-rate">
              {user.isAffiliate ? user.affiliatePercentage : REFERRAL_PERCENT}%
            </span>
            <span className="muted">{user.isAffiliate ? 'your affiliate rate' : 'of your friends’ winnings'}</span>
          </p>
          <p>
            A special affiliate rate of up to <strong>{AFFILIATE_MAX_PERCENT}%</strong> of your invited friends’ winnings is
            available on request for users with a large public audience.
          </p>
          <p className="muted">Tell us about your channel: we review every request and answer by email.</p>
        </section>
        <AffiliateRequestForm defaultEmail={user.email ?? ''} />
      </div>
    </PageFrame>
  );
}
