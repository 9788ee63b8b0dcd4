import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { GameMode } from '../../../protocol/constants.ts';
import { challengesKey, createChallenge } from '../../api/challenges.ts';
import { messageOf } from '../../api/http.ts';
import { startSearch } from '../../app/lobby.ts';
import { setBalance } from '../../app/session.ts';
import { FormError } from '../../ui/FormError.tsx';
import { Popup } from '../../ui/Popup.tsx';
import { BetLevels } from './BetLevels.tsx';
import { startGameProblem } from './betChecks.ts';

interface BetPopupProps {
  mode: GameMode;
  balance: number;
  score: number;
  onClose: () => void;
}

/**
 * The bet options of one game (spec §2, §9): a level, then Play (the search popup takes over) or
 * Challenge a friend (issue 36: the bet goes to escrow and the challenge's page opens, to send its link).
 */
export function BetPopup({ mode, balance, score, onClose }: BetPopupProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [bet, setBet] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const starting = useMutation({
    mutationFn: startSearch,
    onSuccess: onClose,
    onError: (error) => setProblem(messageOf(error, { failed: t('bet.startFailed'), error: t('bet.startFailed') })),
  });
  const challenging = useMutation({
    mutationFn: createChallenge,
    onSuccess: (made) => {
      setBalance(made.balance);
      void queryClient.invalidateQueries({ queryKey: challengesKey });
      onClose();
      void navigate(`/challenge/${made.code}`);
    },
    onError: (error) => setProblem(messageOf(error, { failed: t('challenge.failed'), error: t('challenge.failed') })),
  });

  /** The spec's checks before any call, for either way to play. */
  const checked = (): number | null => {
    const found = startGameProblem(mode, bet, balance, score);
    setProblem(found && t(`bet.${found}`));
    return found ? null : bet;
  };
  const busy = starting.isPending || challenging.isPending;

  return (
    <Popup
      title={t(`games.${mode}.name`)}
      onClose={onClose}
      actions={
        <>
          <FormError message={problem} />
          <Button
            size="l"
            stretched
            type="button"
            disabled={busy}
            loading={starting.isPending}
            onClick={() => {
              const chosen = checked();
              if (chosen !== null) starting.mutate({ gameMode: mode, betAmount: chosen });
            }}
          >
            {t('bet.play')}
          </Button>
          <Button
            size="l"
            stretched
            mode="bezeled"
            type="button"
            disabled={busy}
            loading={challenging.isPending}
            onClick={() => {
              const chosen = checked();
              if (chosen !== null) challenging.mutate({ gameMode: mode, betAmount: chosen });
            }}
          >
            {t('challenge.fromLobby')}
          </Button>
          <Button size="l" stretched mode="gray" type="button" onClick={onClose}>
            {t('bet.cancel')}
          </Button>
        </>
      }
    >
      <p>{t('bet.choose')}</p>
      <BetLevels
        mode={mode}
        bet={bet}
        onChoose={(level) => {
          setBet(level);
          setProblem(null);
        }}
      />
    </Popup>
  );
}
