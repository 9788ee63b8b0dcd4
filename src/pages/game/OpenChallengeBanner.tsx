import { useQuery } from '@tanstack/react-query';
import { Cell, Section } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ownChallengeQueryOptions } from '../../api/challenges.ts';
import { stakeText } from '../challenge/stakeText.ts';

/**
 * The player's own open challenge, above the games (issue 36): its bet is in escrow and no search starts
 * while it is open, so the lobby says so and leads back to it (to send it again, or cancel it).
 */
export function OpenChallengeBanner() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const own = useQuery(ownChallengeQueryOptions());
  const challenge = own.data?.challenge;
  if (!challenge || challenge.status !== 'open') return null;
  return (
    <Section className="home__challenge">
      <Cell
        data-testid="open-challenge"
        multiline
        subtitle={t('challenge.openBannerHint')}
        onClick={() => void navigate(`/challenge/${challenge.code}`)}
      >
        {t('challenge.openBanner', { game: t(`games.${challenge.gameMode}.name`), stake: stakeText(t, challenge.betAmount, challenge.payout) })}
      </Cell>
    </Section>
  );
}
