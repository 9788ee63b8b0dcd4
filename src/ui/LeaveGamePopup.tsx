import { Button, Text } from '@telegram-apps/telegram-ui';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { GameMode } from '../../protocol/constants.ts';
import { leaveGame } from '../api/leaveGame.ts';
import { Popup } from './Popup.tsx';
import './game.css';

interface LeaveGamePopupProps {
  gameMode: GameMode;
  gameId: string;
  onCancel: () => void;
}

/**
 * 'if you leave you will lose the game' with Leave and Cancel (spec §4). Leaving forfeits on the
 * server and takes the player to the lobby; a failure is only logged (spec §8), and the lobby then
 * brings a still running game back on screen.
 */
export function LeaveGamePopup({ gameMode, gameId, onCancel }: LeaveGamePopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const leaving = useMutation({
    mutationFn: () => leaveGame(gameMode, gameId),
    onError: (error) => console.error('Failed to leave the game', error),
    onSettled: () => void navigate('/game', { replace: true }),
  });
  return (
    <Popup
      title={t('table.leave.title')}
      onClose={onCancel}
      actions={
        <>
          <Button
            type="button"
            size="l"
            stretched
            className="game-leave__confirm"
            disabled={leaving.isPending}
            loading={leaving.isPending}
            onClick={() => leaving.mutate()}
          >
            {t('table.leave.confirm')}
          </Button>
          <Button type="button" size="l" mode="gray" stretched onClick={onCancel}>
            {t('table.leave.cancel')}
          </Button>
        </>
      }
    >
      <Text Component="p">{t('table.leave.warning')}</Text>
    </Popup>
  );
}
