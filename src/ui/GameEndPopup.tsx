import { Button, Caption, Spinner, Text } from '@telegram-apps/telegram-ui';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { END_VIBRATION_MS } from '../../protocol/gameConstants.ts';
import type { GameViewBase } from '../../protocol/game.ts';
import { lobby, startSearch } from '../app/lobby.ts';
import { formatMoney } from '../i18n/format.ts';
import { vibrate } from '../platform/telegram.ts';
import { Popup } from './Popup.tsx';
import { StakeAmount } from './StakeAmount.tsx';
import './game.css';

interface GameEndPopupProps {
  game: Pick<GameViewBase, '_id' | 'gameMode' | 'betAmount' | 'payout' | 'winners' | 'endReason' | 'winnerBalances' | 'loserBalances'>;
  playerId: string;
}

/** The headline of a finished game for one player (spec §4 End popups), in the language shown. */
export function endTitle(game: GameEndPopupProps['game'], playerId: string, t: TFunction): string {
  if (!game.winners.includes(playerId)) return t('table.end.lost');
  return game.endReason === 'opponent-left' ? t('table.end.opponentLeft') : t('table.end.won');
}

/**
 * The end of a game, shared by every game screen: win or lose, the payout (winner) or the lost bet
 * (loser), Exit to the lobby, a rematch at the same bet and mode that waits for the opponent's yes
 * (the 'game-replay' event; the new game then arrives with gameStarted), and Verify, the game's proof
 * checked on /verify/:gameId. It buzzes 400 ms once.
 */
export function GameEndPopup({ game, playerId }: GameEndPopupProps) {
  const { t } = useTranslation();
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
      title={endTitle(game, playerId, t)}
      actions={
        <>
          {waiting ? (
            <Text className="game-end__waiting" role="status" Component="div">
              <Spinner size="s" />
              {t('table.end.waiting')}
            </Text>
          ) : (
            <Button type="button" size="l" stretched onClick={replay}>
              {t('table.end.playAgain')}
            </Button>
          )}
          <Button type="button" size="l" mode="gray" stretched onClick={() => void navigate('/game')}>
            {t('table.end.exit')}
          </Button>
          {/* The proof is ready now the game is over: the player can replay it at once (issue 18). */}
          {/* Rendered as the router's Link (ButtonProps does not know its `to`). */}
          <Button Component={Link} {...{ to: `/verify/${encodeURIComponent(game._id)}` }} size="s" mode="plain" className="game-end__verify">
            {t('table.end.verify')}
          </Button>
        </>
      }
    >
      <p className={won ? 'game-end__amount game-end__amount--won' : 'game-end__amount game-end__amount--lost'}>
        <StakeAmount amount={won ? game.payout : game.betAmount} free={free} sign={won ? '+' : '-'} />
      </p>
      {!free && typeof balance === 'number' && (
        <Caption level="1" Component="p">
          {t('table.end.balance', { balance: formatMoney(balance) })}
        </Caption>
      )}
    </Popup>
  );
}
