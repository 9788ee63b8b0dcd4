import { useTranslation } from 'react-i18next';
import type { GameMode } from '../../../protocol/constants.ts';
import { betLevels, SCORE_GATE, scoreGatedBets } from '../../../protocol/gameConstants.ts';
import { formatBet, formatMoney } from '../../i18n/format.ts';
import { selectionHaptic } from '../../platform/telegram.ts';
import { StakeAmount } from '../../ui/StakeAmount.tsx';

interface BetLevelsProps {
  mode: GameMode;
  bet: number | null;
  onChoose: (bet: number) => void;
}

/** The bet levels of one game (spec §2, §9) as radios: the lobby's bet popup and a challenge to a friend. */
export function BetLevels({ mode, bet, onChoose }: BetLevelsProps) {
  const { t } = useTranslation();
  return (
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
              onChoose(level.bet);
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
  );
}
