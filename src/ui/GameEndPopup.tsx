import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { END_VIBRATION_MS, gameText, type GameViewBase } from '../../protocol/game.ts';
import { formatBalance } from '../../protocol/money.ts';
import { lobby, startSearch } from '../app/lobby.ts';
import { vibrate } from '../platform/telegram.ts';
import { Popup } from './Popup.tsx';
import { StakeAmount } from './StakeAmount.tsx';
import './game.css';

interface GameEndPopupProps {
  game: Pick<GameViewBase, '_id' | 'gameMode' | 'betAmount' | 'payout' | 'winners' | 'endReason' | 'winnerBalances' | 'loserBalances'>;
  playerId: string;
}

/** The headline of a finished game for one player (spec §4 End popups). */
export function endTitle(game: GameEndPopupProps['game'], playerId: string): string {
  if (!game.winners.includes(playerId)) return gameText.lost;
  return game.endReason === 'opponent-left' ? gameText.opponentLeft : gameText.won;
}

/**
 * The end of a game, shared by every game screen: win or lose, the payout (winner) or the lost bet
 * (loser), Exit to the lobby, a rematch at the same bet and mode that waits for the opponent's yes
 * (the 'game-replay' event; the new game then arrives with gameStarted), and Verify, the game's proof
 * checked on /verify/:gameId. It buzzes 400 ms once.
 */
export function GameEndPopup({ game, playerId }: GameEndPopupProps) {
  const navigate = useNavigate();
  const { search } = useSnapshot(lobby);
  const [asking, setAsking] = useState(false);
  const won = game.winners.includes(playerId);
  const free = game.betAmount === 0;
  const balance = (won ? game.winnerBalances : game.loserBalances)[playerId];
  const waiting = asking || search?.rematchOf === game._id;

  useEffect(() => {
    vibrate(END_VIBRATION_MS);
  }, []);

  const replay = () => {
    setAsking(true);
    startSearch({ gameMode: game.gameMode, betAmount: game.betAmount, rematchOf: game._id })
      // Spec §8: a rematch failure is only logged; the buttons come back.
      .catch((error: unknown) => console.error('Rematch failed', error))
      .finally(() => setAsking(false));
  };

  return (
    <Popup
      title={endTitle(game, playerId)}
      actions={
        <>
          {waiting ? (
            <p className="game-end__waiting" role="status">
              <span className="spinner spinner--small" aria-hidden="true" />
              {gameText.waitingForOpponent}
            </p>
          ) : (
            <button className="button button--block" type="button" onClick={replay}>
              Play again
            </button>
          )}
          <button className="button button--secondary button--block" type="button" onClick={() => void navigate('/game')}>
            Exit
          </button>
          {/* The proof is ready now the game is over: the player can replay it at once (issue 18). */}
          <Link className="game-end__verify" to={`/verify/${encodeURIComponent(game._id)}`}>
            Verify
          </Link>
        </>
      }
    >
      <p className={won ? 'game-end__amount game-end__amount--won' : 'game-end__amount game-end__amount--lost'}>
        <StakeAmount amount={won ? game.payout : game.betAmount} free={free} sign={won ? '+' : '-'} />
      </p>
      {!free && typeof balance === 'number' && <p className="muted">Balance ${formatBalance(balance).text}</p>}
    </Popup>
  );
}
