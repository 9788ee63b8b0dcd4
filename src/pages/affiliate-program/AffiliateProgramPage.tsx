import { List, Section, Text, Title } from '@telegram-apps/telegram-ui';
import { Trans, useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { AFFILIATE_MAX_PERCENT, REFERRAL_PERCENT } from '../../../protocol/growth.ts';
import { session } from '../../app/session.ts';
import { formatNumber } from '../../i18n/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { AffiliateRequestForm } from './AffiliateRequestForm.tsx';
import './affiliate.css';

/** /affiliate-program (spec §2, §6): what the program offers, and the request form. */
export function AffiliateProgramPage() {
  const { t } = useTranslation();
  const { user } = useSnapshot(session);
  if (!user) return null;
  const rate = user.isAffiliate ? user.affiliatePercentage : REFERRAL_PERCENT;
  return (
    <PageFrame title={t('social.affiliate.title')}>
      <List className="affiliate">
        <Section aria-label={t('social.affiliate.about')} footer={t('social.affiliate.review')}>
          <div className="affiliate__about">
            <p className="affiliate__rate">
              <Title level="1" weight="1" Component="span" className="affiliate__rate-value" data-testid="current-rate">
                {t('social.affiliate.rate', { percent: formatNumber(rate) })}
              </Title>
              <Text className="affiliate__rate-label">{user.isAffiliate ? t('social.affiliate.yourRate') : t('social.affiliate.defaultRate')}</Text>
            </p>
            <Text Component="p">
              <Trans
                i18nKey="social.affiliate.offer"
                values={{ percent: formatNumber(AFFILIATE_MAX_PERCENT) }}
                components={{ strong: <strong /> }}
              />
            </Text>
          </div>
        </Section>
        <AffiliateRequestForm defaultEmail={user.email ?? ''} />
      </List>
    </PageFrame>
  );
}
