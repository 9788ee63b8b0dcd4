import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { CANCELED_POPUP_MS, gameText } from '../../protocol/game.ts';
import { Popup } from './Popup.tsx';

/** Spec §4: every game's canceled popup; Close, or 4 s later by itself, goes to the lobby. */
export function GameCanceledPopup() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate('/game', { replace: true }), CANCELED_POPUP_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Popup
      title={gameText.canceledTitle}
      actions={
        <button className="button button--block" type="button" onClick={() => void navigate('/game', { replace: true })}>
          Close
        </button>
      }
    >
      <p>{gameText.canceledBody}</p>
    </Popup>
  );
}
