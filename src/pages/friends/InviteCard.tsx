import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { AFFILIATE_MAX_PERCENT, growthText } from '../../../protocol/growth.ts';
import { useInviteLink } from '../../api/inviteLink.ts';
import { shareUrl } from '../../platform/telegram.ts';
import { copyText } from '../../ui/copyText.ts';
import { FormError } from '../../ui/FormError.tsx';
import { CopyIcon, ShareIcon } from '../../ui/icons.tsx';
import { Popup } from '../../ui/Popup.tsx';

/** What a shared link says under the link in the friend's chat. */
export const SHARE_TEXT = 'Play 1-on-1 games for USDT with me on Duel Stakes!';

interface InviteCardProps {
  /** The player's share of a friend's winnings, in percent. */
  percent: number;
  /** The session user's inviteLink, shown until GET /api/invite-link answers (or if it fails). */
  fallbackLink: string;
  showAffiliateHint: boolean;
}

/** The invitation: what the player earns, their link, and the copy and share buttons. */
export function InviteCard({ percent, fallbackLink, showAffiliateHint }: InviteCardProps) {
  const invite = useInviteLink();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (invite.error) console.error('Failed to fetch the invite link', invite.error);
  }, [invite.error]);

  const link = invite.data?.inviteLink ?? fallbackLink;
  const onCopy = () => {
    copyText(link).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <section className="card invite" aria-labelledby="invite-title">
      <h2 id="invite-title" className="invite__title">
        Invite friends
      </h2>
      <p data-testid="invite-text">
        Invite your friends and earn <strong>{percent}%</strong> of their winnings.
      </p>
      <p className="invite__link" data-testid="invite-link">
        {link}
      </p>
      <div className="invite__actions">
        <button className="button button--secondary" type="button" onClick={onCopy}>
          <CopyIcon /> Copy link
        </button>
        <button className="button" type="button" onClick={() => shareUrl(link, SHARE_TEXT)}>
          <ShareIcon /> Share
        </button>
      </div>
      <FormError message={copy === 'failed' ? growthText.copyFailed : null} />
      {showAffiliateHint && (
        <p className="muted">
          Have a large audience? <Link to="/affiliate-program">Request up to {AFFILIATE_MAX_PERCENT}%</Link>
        </p>
      )}
      {copy === 'copied' && (
        <Popup
          title={growthText.linkCopied}
          onClose={() => setCopy('idle')}
          actions={
            <button className="button button--block" type="button" onClick={() => setCopy('idle')}>
              Close
            </button>
          }
        >
          <p className="invite__link invite__link--popup">{link}</p>
        </Popup>
      )}
    </section>
  );
}
