import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { gameNames, type GameMode } from '../../../protocol/constants.ts';
import { betLabel, betLevels, gameText, SCORE_GATE, scoreGatedBets } from '../../../protocol/game.ts';
import { formatBalance } from '../../../protocol/money.ts';
import { messageOf } from '../../api/http.ts';
import { startSearch } from '../../app/lobby.ts';
import { FormError } from '../../ui/FormError.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { StakeAmount } from '../../ui/StakeAmount.tsx';
import { startGameProblem } from './betChecks.ts';

interface BetPopupProps {
  mode: GameMode;
  balance: number;
  score: number;
  onClose: () => void;
}

/** The bet options of one game (spec §2, §9): a level, then Play; accepted, the search popup takes over. */
export function BetPopup({ mode, balance, score, onClose }: BetPopupProps) {
  const [bet, setBet] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const starting = useMutation({
    mutationFn: startSearch,
    onSuccess: onClose,
    onError: (error) => setProblem(messageOf(error, { failed: gameText.startFailed, error: gameText.startFailed })),
  });

  const play = () => {
    const found = startGameProblem(mode, bet, balance, score);
    setProblem(found);
    if (!found && bet !== null) starting.mutate({ gameMode: mode, betAmount: bet });
  };

  return (
    <Popup
      title={gameNames[mode]}
      onClose={onClose}
      actions={
        <>
          <FormError message={problem} />
          <button className="button button--block" type="button" disabled={starting.isPending} onClick={play}>
            Play
          </button>
          <button className="button button--secondary button--block" type="button" onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <p>Choose your bet</p>
      <div className="bet-levels" role="radiogroup" aria-label="Bet amount">
        {betLevels[mode].map((level) => {
          const free = level.bet === 0;
          return (
            <button
              key={level.bet}
              type="button"
              role="radio"
              aria-checked={bet === level.bet}
              aria-label={free ? 'Free, play for tokens' : `${betLabel(level.bet)}, win $${formatBalance(level.payout).text}`}
              className={bet === level.bet ? 'bet-level bet-level--chosen' : 'bet-level'}
              onClick={() => {
                setBet(level.bet);
                setProblem(null);
              }}
            >
              <span className="bet-level__label">{betLabel(level.bet)}</span>
              <span className="bet-level__payout">
                {free ? (
                  <>
                    <StakeAmount amount={0} free /> play
                  </>
                ) : (
                  <>
                    Win <StakeAmount amount={level.payout} free={false} />
                  </>
                )}
              </span>
              {scoreGatedBets[mode].includes(level.bet) && <span className="bet-level__gate">Score {SCORE_GATE}+</span>}
            </button>
          );
        })}
      </div>
    </Popup>
  );
}
