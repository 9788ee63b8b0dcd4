import { useMutation } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameMode } from '../../../protocol/constants.ts';
import { betLevels, SCORE_GATE, scoreGatedBets } from '../../../protocol/gameConstants.ts';
import { messageOf } from '../../api/http.ts';
import { startSearch } from '../../app/lobby.ts';
import { formatBet, formatMoney } from '../../i18n/format.ts';
import { selectionHaptic } from '../../platform/telegram.ts';
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
  const { t } = useTranslation();
  const [bet, setBet] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const starting = useMutation({
    mutationFn: startSearch,
    onSuccess: onClose,
    onError: (error) => setProblem(messageOf(error, { failed: t('bet.startFailed'), error: t('bet.startFailed') })),
  });

  const play = () => {
    const found = startGameProblem(mode, bet, balance, score);
    setProblem(found && t(`bet.${found}`));
    if (!found && bet !== null) starting.mutate({ gameMode: mode, betAmount: bet });
  };

  return (
    <Popup
      title={t(`games.${mode}.name`)}
      onClose={onClose}
      actions={
        <>
          <FormError message={problem} />
          <Button size="l" stretched type="button" disabled={starting.isPending} loading={starting.isPending} onClick={play}>
            {t('bet.play')}
          </Button>
          <Button size="l" stretched mode="gray" type="button" onClick={onClose}>
            {t('bet.cancel')}
          </Button>
        </>
      }
    >
      <p>{t('bet.choose')}</p>
      <div className="bet-levels" role="radiogroup" aria-label={t('bet.levels')}>
        {betLevels[mode].map((level) => {
          const free = level.bet === 0;
          return (
            <button
              key={level.bet}
              type="button"
              role="radio"
              aria-checked={bet === level.bet}
              aria-label={free ? t('bet.free') : t('bet.paid', { bet: formatBet(level.bet), payout: formatMoney(level.payout) })}
              className={bet === level.bet ? 'bet-level bet-level--chosen' : 'bet-level'}
              onClick={() => {
                if (bet !== level.bet) selectionHaptic();
                setBet(level.bet);
                setProblem(null);
              }}
            >
              <span className="bet-level__label">{formatBet(level.bet)}</span>
              <span className="bet-level__payout">
                {free ? (
                  <>
                    <StakeAmount amount={0} free /> {t('bet.freePlay')}
                  </>
                ) : (
                  <>
                    {t('bet.win')} <StakeAmount amount={level.payout} free={false} />
                  </>
                )}
              </span>
              {scoreGatedBets[mode].includes(level.bet) && <span className="bet-level__gate">{t('bet.scoreGate', { score: SCORE_GATE })}</span>}
            </button>
          );
        })}
      </div>
    </Popup>
  );
}
