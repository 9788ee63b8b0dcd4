import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import type { GameMode } from '../../protocol/constants.ts';
import { gameText } from '../../protocol/game.ts';
import { leaveGame } from '../api/leaveGame.ts';
import { Popup } from './Popup.tsx';

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
  const navigate = useNavigate();
  const leaving = useMutation({
    mutationFn: () => leaveGame(gameMode, gameId),
    onError: (error) => console.error('Failed to leave the game', error),
    onSettled: () => void navigate('/game', { replace: true }),
  });
  return (
    <Popup
      title="Leave the game?"
      onClose={onCancel}
      actions={
        <>
          <button className="button button--danger button--block" type="button" disabled={leaving.isPending} onClick={() => leaving.mutate()}>
            Leave
          </button>
          <button className="button button--secondary button--block" type="button" onClick={onCancel}>
            Cancel
          </button>
        </>
      }
    >
      <p>{gameText.leaveWarning}</p>
    </Popup>
  );
}
