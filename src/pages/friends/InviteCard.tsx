import { Button, Section, Text } from '@telegram-apps/telegram-ui';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { AFFILIATE_MAX_PERCENT } from '../../../protocol/growth.ts';
import { useInviteLink } from '../../api/inviteLink.ts';
import { formatNumber } from '../../i18n/format.ts';
import { copyText } from '../../ui/copyText.ts';
import { CopyIcon, ShareIcon } from '../../ui/icons.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { shareInvite } from './shareInvite.ts';
import './invite.css';

interface InviteCardProps {
  /** The player's share of a friend's winnings, in percent. */
  percent: number;
  /** The session user's inviteLink, shown until GET /api/invite-link answers (or if it fails). */
  fallbackLink: string;
  showAffiliateHint: boolean;
}

/** The invitation: what the player earns, their link, and the copy and share buttons. */
export function InviteCard({ percent, fallbackLink, showAffiliateHint }: InviteCardProps) {
  const { t } = useTranslation();
  const invite = useInviteLink();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [sharing, setSharing] = useState(false);

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
  const onShare = () => {
    // One share at a time: a second tap while the card is prepared or the dialog is open does nothing.
    if (sharing) return;
    setSharing(true);
    void shareInvite(link, t('invite.shareText')).finally(() => setSharing(false));
  };

  // Anyone not yet an affiliate hears about the higher rate (spec §6).
  const affiliateHint = showAffiliateHint ? (
    <Section.Footer>
      {t('invite.affiliateHint')}{' '}
      <Link to="/affiliate-program">{t('invite.affiliateLink', { percent: formatNumber(AFFILIATE_MAX_PERCENT) })}</Link>
    </Section.Footer>
  ) : undefined;

  return (
    <>
      <Section className="invite" aria-label={t('invite.title')} header={t('invite.title')} footer={affiliateHint}>
        <div className="invite__body">
          <Text Component="p" data-testid="invite-text">
            <Trans i18nKey="invite.earn" values={{ percent: formatNumber(percent) }} components={{ strong: <strong /> }} />
          </Text>
          <p className="invite__link" data-testid="invite-link">
            {link}
          </p>
          <div className="invite__actions">
            <Button mode="bezeled" size="m" before={<CopyIcon />} onClick={onCopy}>
              {t('invite.copy')}
            </Button>
            <Button mode="filled" size="m" before={<ShareIcon />} loading={sharing} onClick={onShare}>
              {t('invite.share')}
            </Button>
          </div>
          {copy === 'failed' && (
            <Text Component="p" className="invite__error" role="alert">
              {t('invite.copyFailed')}
            </Text>
          )}
        </div>
      </Section>
      {copy === 'copied' && (
        <Popup
          title={t('invite.copied')}
          onClose={() => setCopy('idle')}
          actions={
            <Button mode="filled" size="l" stretched onClick={() => setCopy('idle')}>
              {t('invite.close')}
            </Button>
          }
        >
          <p className="invite__link invite__link--popup">{link}</p>
        </Popup>
      )}
    </>
  );
}
