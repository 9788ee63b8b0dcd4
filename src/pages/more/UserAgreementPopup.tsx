import { Button, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format.ts';
import { Popup } from '../../ui/Popup.tsx';
import { userAgreementSections } from './userAgreement.ts';

/** The User Agreement in the language shown: twelve numbered sections in a scrolling sheet. */
export function UserAgreementPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Popup
      title={t('social.agreement.title')}
      onClose={onClose}
      scroll
      actions={
        <Button size="l" stretched onClick={onClose}>
          {t('social.agreement.close')}
        </Button>
      }
    >
      <ol className="agreement">
        {userAgreementSections.map((section, index) => (
          <li key={section}>
            <Text Component="h3" weight="2" className="agreement__title">
              {formatNumber(index + 1)}. {t(`social.agreement.sections.${section}.title`)}
            </Text>
            <Text Component="p" className="agreement__text">
              {t(`social.agreement.sections.${section}.text`)}
            </Text>
          </li>
        ))}
      </ol>
    </Popup>
  );
}
