import { Button, Text } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { CANCELED_POPUP_MS } from '../../protocol/gameConstants.ts';
import { Popup } from './Popup.tsx';

/** Spec §4: every game's canceled popup; Close, or 4 s later by itself, goes to the lobby. */
export function GameCanceledPopup() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/game', { replace: true }), CANCELED_POPUP_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Popup
      title={t('table.canceled.title')}
      actions={
        <Button type="button" size="l" stretched onClick={() => void navigate('/game', { replace: true })}>
          {t('table.canceled.close')}
        </Button>
      }
    >
      <Text Component="p">{t('table.canceled.body')}</Text>
    </Popup>
  );
}
