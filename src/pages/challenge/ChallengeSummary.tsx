import { Cell, Section } from '@telegram-apps/telegram-ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChallengeView } from '../../../protocol/challengeConstants.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { formatNumber } from '../../i18n/format.ts';
import { regionName } from '../../i18n/regions.ts';
import { Avatar } from '../../ui/Avatar.tsx';
import { useTickingNow } from '../../ui/CountdownTimer.tsx';
import { stakeText } from './stakeText.ts';

/** Minutes and seconds, "14:05": a challenge lives a quarter of an hour. */
function clock(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

interface ChallengeSummaryProps {
  challenge: ChallengeView;
  mine: boolean;
  /** The time ran out on this device's clock: the page asks the server again. */
  onExpired: () => void;
}

/** Who challenges, at what, for what, and for how much longer. */
export function ChallengeSummary({ challenge, mine, onExpired }: ChallengeSummaryProps) {
  const { t } = useTranslation();
  const open = challenge.status === 'open';
  const deadline = open ? Date.parse(challenge.expiresAt) : null;
  const now = useTickingNow(deadline);
  const left = deadline === null ? 0 : deadline - now;
  const ranOut = open && left <= 0;
  useEffect(() => {
    if (ranOut) onExpired();
  }, [ranOut, onExpired]);
  const { challenger } = challenge;
  const country = challenger.country ? regionName(challenger.country, currentLanguage()) : null;
  return (
    <Section className="challenge__summary" aria-label={t('challenge.title')}>
      <Cell
        before={<Avatar nickname={challenger.nickname} photoUrl={challenger.photoUrl} size={48} />}
        subtitle={[country, t('challenge.score', { score: formatNumber(challenger.score) })].filter(Boolean).join(' · ')}
        multiline
        readOnly
      >
        <span data-testid="challenge-heading">{mine ? t('challenge.yours') : t('challenge.challengesYou', { name: challenger.nickname })}</span>
      </Cell>
      <Cell multiline readOnly subtitle={stakeText(t, challenge.betAmount, challenge.payout)} data-testid="challenge-game">
        {t(`games.${challenge.gameMode}.name`)}
      </Cell>
      {open && (
        <Cell readOnly role="timer" data-testid="challenge-expiry">
          {t('challenge.expiresIn', { time: clock(left) })}
        </Cell>
      )}
    </Section>
  );
}
