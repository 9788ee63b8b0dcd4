import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { gameModes, type GameMode } from '../../../protocol/constants.ts';
import type { Friend } from '../../../protocol/growth.ts';
import { challengesKey, createChallenge } from '../../api/challenges.ts';
import { messageOf } from '../../api/http.ts';
import { session, setBalance } from '../../app/session.ts';
import { selectionHaptic } from '../../platform/telegram.ts';
import { FormError } from '../../ui/FormError.tsx';
import { Popup } from '../../ui/Popup.tsx';
import type { ChallengePageState } from '../challenge/ChallengePage.tsx';
import { BetLevels } from '../game/BetLevels.tsx';
import { startGameProblem } from '../game/betChecks.ts';

/**
 * Challenge this friend (issue 36): a game and a bet, and the bot sends them the challenge; its page then
 * says whether the bot reached them (a friend who never opened the bot cannot be written to first).
 */
export function ChallengeFriendPopup({ friend, onClose }: { friend: Friend; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSnapshot(session);
  const [mode, setMode] = useState<GameMode>('rps');
  const [bet, setBet] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const sending = useMutation({
    mutationFn: createChallenge,
    onSuccess: (made) => {
      setBalance(made.balance);
      void queryClient.invalidateQueries({ queryKey: challengesKey });
      const state: ChallengePageState = {
        notice: made.sentToFriend ? t('challenge.sentToFriend', { name: friend.username }) : t('challenge.notSentToFriend', { name: friend.username }),
      };
      onClose();
      void navigate(`/challenge/${made.code}`, { state });
    },
    onError: (error) => setProblem(messageOf(error, { failed: t('challenge.failed'), error: t('challenge.failed') })),
  });

  const send = () => {
    const found = startGameProblem(mode, bet, user?.balance ?? 0, user?.score ?? 0);
    setProblem(found && t(`bet.${found}`));
    if (!found && bet !== null) sending.mutate({ gameMode: mode, betAmount: bet, friendId: friend._id });
  };

  return (
    <Popup
      title={t('challenge.friendTitle', { name: friend.username })}
      onClose={onClose}
      actions={
        <>
          <FormError message={problem} />
          <Button size="l" stretched type="button" loading={sending.isPending} onClick={send}>
            {t('challenge.sendToFriend')}
          </Button>
          <Button size="l" stretched mode="gray" type="button" onClick={onClose}>
            {t('bet.cancel')}
          </Button>
        </>
      }
    >
      <div className="bet-levels" role="radiogroup" aria-label={t('challenge.chooseGame')}>
        {gameModes.map((game) => (
          <button
            key={game}
            type="button"
            role="radio"
            aria-checked={mode === game}
            className={mode === game ? 'bet-level bet-level--chosen' : 'bet-level'}
            onClick={() => {
              if (mode !== game) selectionHaptic();
              setMode(game);
              setBet(null);
              setProblem(null);
            }}
          >
            <span className="bet-level__label">{t(`games.${game}.name`)}</span>
          </button>
        ))}
      </div>
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
