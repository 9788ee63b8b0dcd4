import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Section, Text } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ChallengeView } from '../../../protocol/challengeConstants.ts';
import { cancelChallenge, challengesKey } from '../../api/challenges.ts';
import { messageOf } from '../../api/http.ts';
import { setBalance } from '../../app/session.ts';
import { isTelegram } from '../../platform/telegram.ts';
import { copyText } from '../../ui/copyText.ts';
import { FormError } from '../../ui/FormError.tsx';
import { CopyIcon, ShareIcon } from '../../ui/icons.tsx';
import { shareChallenge } from './shareChallenge.ts';
import { stakeText } from './stakeText.ts';

/**
 * The challenger's side of an open challenge: send it to a chat (the bot's card, or the link), copy the
 * link, or cancel it with the bet back. When someone accepts, gameStarted takes the player to the game
 * wherever they are (src/app/GameStartOverlay.tsx).
 */
export function OwnChallengeActions({ challenge, notice }: { challenge: ChallengeView; notice: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [sharing, setSharing] = useState(false);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  // Inside Telegram the Mini App's own link; outside it, this server's page.
  const link = isTelegram() ? challenge.link : challenge.webLink;
  const canceling = useMutation({
    mutationFn: () => cancelChallenge(challenge.code),
    onSuccess: ({ balance }) => {
      setBalance(balance);
      void queryClient.invalidateQueries({ queryKey: challengesKey });
      void navigate('/game', { replace: true });
    },
  });

  const onShare = () => {
    if (sharing) return;
    setSharing(true);
    const text = t('challenge.shareText', { game: t(`games.${challenge.gameMode}.name`), stake: stakeText(t, challenge.betAmount, challenge.payout) });
    void shareChallenge(challenge.code, link, text).finally(() => setSharing(false));
  };
  const onCopy = () => {
    copyText(link).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
  };

  return (
    <Section className="challenge__actions">
      <div className="challenge__body">
        {notice && (
          <Text Component="p" role="status" data-testid="challenge-notice">
            {notice}
          </Text>
        )}
        <Text Component="p">{challenge.forFriend ? t('challenge.waitingFriend') : t('challenge.waiting')}</Text>
        <p className="challenge__link" data-testid="challenge-link">
          {link}
        </p>
        <Button mode="filled" size="l" stretched before={<ShareIcon />} loading={sharing} onClick={onShare}>
          {t('challenge.send')}
        </Button>
        <Button mode="bezeled" size="l" stretched before={<CopyIcon />} onClick={onCopy}>
          {copy === 'copied' ? t('challenge.copied') : t('challenge.copy')}
        </Button>
        {copy === 'failed' && <FormError message={t('challenge.copyFailed')} />}
        <FormError message={canceling.isError ? messageOf(canceling.error, { failed: t('challenge.failed'), error: t('challenge.failed') }) : null} />
        <Button mode="gray" size="l" stretched loading={canceling.isPending} onClick={() => canceling.mutate()}>
          {t('challenge.cancel')}
        </Button>
      </div>
    </Section>
  );
}
