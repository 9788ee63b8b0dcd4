import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Section, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ChallengeView } from '../../../protocol/challengeConstants.ts';
import { gameRoutes } from '../../../protocol/gameConstants.ts';
import { acceptChallenge, challengesKey } from '../../api/challenges.ts';
import { messageOf } from '../../api/http.ts';
import { liveGame, reloadCurrentGame } from '../../app/liveGame.ts';
import { lobby } from '../../app/lobby.ts';
import { setBalance } from '../../app/session.ts';
import { FormError } from '../../ui/FormError.tsx';

/**
 * Whoever opened the link: Accept (their bet into escrow and the game starts for both) or Decline. The
 * game arrives with gameStarted; should that event be lost, the game is loaded from the accept's answer.
 */
export function TakerActions({ challenge }: { challenge: ChallengeView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const accepting = useMutation({
    mutationFn: () => acceptChallenge(challenge.code),
    // The games started before this accept: one more means gameStarted came and the overlay has it.
    onMutate: () => lobby.gamesStarted,
    onSuccess: async ({ balance }, _variables, startedBefore) => {
      setBalance(balance);
      void queryClient.invalidateQueries({ queryKey: challengesKey });
      if (lobby.gamesStarted !== startedBefore) return;
      if ((await reloadCurrentGame()) === 'found' && liveGame.current?.game.status === 'in-progress' && !lobby.starting) {
        void navigate(gameRoutes[liveGame.current.game.gameMode]);
      }
    },
  });
  return (
    <Section className="challenge__actions">
      <div className="challenge__body">
        {challenge.forFriend && <Text Component="p">{t('challenge.forFriend')}</Text>}
        <FormError message={accepting.isError ? messageOf(accepting.error, { failed: t('challenge.failed'), error: t('challenge.failed') }) : null} />
        <Button mode="filled" size="l" stretched loading={accepting.isPending} disabled={accepting.isSuccess} onClick={() => accepting.mutate()}>
          {t('challenge.accept')}
        </Button>
        <Button mode="gray" size="l" stretched onClick={() => void navigate('/game', { replace: true })}>
          {t('challenge.decline')}
        </Button>
      </div>
    </Section>
  );
}
