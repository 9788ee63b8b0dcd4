import { Button } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Popup } from './Popup.tsx';

/** The success popup of the account forms (register, forgot, reset): a headline and 'Go to Login'. */
export function GoToLoginPopup({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Popup
      title={title}
      actions={
        <Button size="l" stretched onClick={() => void navigate('/login')}>
          {t('auth.goToLogin')}
        </Button>
      }
    >
      {children}
    </Popup>
  );
}
