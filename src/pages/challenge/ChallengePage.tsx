import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, List, Placeholder, Section, Spinner } from '@telegram-apps/telegram-ui';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { ChallengeStatus } from '../../../protocol/challengeConstants.ts';
import { challengeQueryOptions, challengesKey } from '../../api/challenges.ts';
import { messageOf } from '../../api/http.ts';
import { forgetPendingChallenge } from '../../app/challengeLink.ts';
import { session } from '../../app/session.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { ChallengeSummary } from './ChallengeSummary.tsx';
import { OwnChallengeActions } from './OwnChallengeActions.tsx';
import { TakerActions } from './TakerActions.tsx';
import './challenge.css';

/** What the page says of a challenge that is no longer open. */
const closedKey: Record<Exclude<ChallengeStatus, 'open'>, 'challenge.accepted' | 'challenge.canceled' | 'challenge.expired'> = {
  accepted: 'challenge.accepted',
  canceled: 'challenge.canceled',
  expired: 'challenge.expired',
};

/** Where a challenge to a friend was sent from: the friends list tells the page whether the bot reached them. */
export interface ChallengePageState {
  notice?: string;
}

/**
 * /challenge/:code (issue 36): whoever opened a challenge's link sees who challenges them, the game and
 * the stake, and accepts or declines; the challenger sees their own, sends it to a chat or cancels it.
 */
export function ChallengePage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const { state } = useLocation() as { state: ChallengePageState | null };
  const queryClient = useQueryClient();
  const { user } = useSnapshot(session);
  const challenge = useQuery(challengeQueryOptions(code));
  useEffect(() => forgetPendingChallenge(code), [code]);
  const refresh = useCallback(() => void queryClient.invalidateQueries({ queryKey: challengesKey }), [queryClient]);

  const back = (
    <Button mode="bezeled" size="l" stretched onClick={() => void navigate('/game', { replace: true })}>
      {t('challenge.back')}
    </Button>
  );
  let body;
  if (challenge.isPending) {
    body = (
      <Placeholder description={t('common.loading')}>
        <Spinner size="m" />
      </Placeholder>
    );
  } else if (challenge.isError) {
    body = (
      <Section>
        <Placeholder description={messageOf(challenge.error, { failed: t('challenge.failed'), error: t('challenge.failed') })} data-testid="challenge-problem" />
        <div className="challenge__body">{back}</div>
      </Section>
    );
  } else {
    const view = challenge.data;
    const mine = view.challenger._id === user?._id;
    body = (
      <>
        <ChallengeSummary challenge={view} mine={mine} onExpired={refresh} />
        {view.status !== 'open' ? (
          <Section>
            <Placeholder description={t(closedKey[view.status])} data-testid="challenge-closed" />
            <div className="challenge__body">{back}</div>
          </Section>
        ) : mine ? (
          <OwnChallengeActions challenge={view} notice={state?.notice ?? null} />
        ) : (
          <TakerActions challenge={view} />
        )}
      </>
    );
  }
  return (
    <PageFrame title={t('challenge.title')}>
      <List className="challenge">{body}</List>
    </PageFrame>
  );
}
