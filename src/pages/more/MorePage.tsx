import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ButtonCell, Caption, Cell, List, Navigation, Section, Switch } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { useAppConfig } from '../../api/config.ts';
import { logout } from '../../api/logout.ts';
import { signOut } from '../../app/session.ts';
import { setSoundEnabled, soundSetting } from '../../app/soundSetting.ts';
import { openLink, selectionHaptic } from '../../platform/telegram.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { UserAgreementPopup } from './UserAgreementPopup.tsx';
import './more.css';

/** The pages More leads to, in the spec's order (spec §2 More), then How fairness works (issue 18). */
const links = [
  ['/played-games-history', 'social.more.playedGames'],
  ['/transaction-history', 'social.more.transactionHistory'],
  ['/affiliate-program', 'social.more.affiliateProgram'],
  ['/fairness', 'social.more.fairness'],
] as const;

/** /more (spec §2): the histories, the affiliate program, fairness, sound, the agreement, support and logout. */
export function MorePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const config = useAppConfig();
  const { enabled: soundOn } = useSnapshot(soundSetting);
  const [agreementOpen, setAgreementOpen] = useState(false);
  const supportUrl = config.data?.supportUrl ?? null;

  const leaving = useMutation({
    mutationFn: logout,
    // Signed out here whatever the server said: a stale cookie is its problem, not the player's.
    onSettled: (_answer, error) => {
      if (error) console.error('Logout failed', error);
      signOut();
      queryClient.clear();
      void navigate('/login', { replace: true });
    },
  });

  return (
    <PageFrame title={t('social.more.title')}>
      <List className="more">
        <Section>
          {links.map(([to, label]) => (
            <Link key={to} to={to} className="more__link">
              <Cell multiline after={<Navigation />}>
                {t(label)}
              </Cell>
            </Link>
          ))}
        </Section>
        {/* The game screens' sound, also here so it can be set before a game starts (same device setting). */}
        <Section>
          <Cell
            Component="label"
            multiline
            description={t('social.more.soundHint')}
            after={
              <Switch
                role="switch"
                checked={soundOn}
                onChange={(event) => {
                  selectionHaptic();
                  setSoundEnabled(event.target.checked);
                }}
              />
            }
          >
            {t('social.more.sound')}
          </Cell>
        </Section>
        <Section>
          <Cell Component="button" type="button" multiline className="more__button" after={<Navigation />} onClick={() => setAgreementOpen(true)}>
            {t('social.more.userAgreement')}
          </Cell>
          <Cell
            Component="button"
            type="button"
            multiline
            className="more__button"
            disabled={!supportUrl}
            onClick={() => supportUrl && openLink(supportUrl)}
            after={!supportUrl && config.isFetched ? <Caption className="more__note">{t('social.more.supportUnavailable')}</Caption> : <Navigation />}
          >
            {t('social.more.support')}
          </Cell>
        </Section>
        <Section>
          <ButtonCell type="button" mode="destructive" disabled={leaving.isPending} onClick={() => leaving.mutate()}>
            {t('social.more.logout')}
          </ButtonCell>
        </Section>
      </List>
      {agreementOpen && <UserAgreementPopup onClose={() => setAgreementOpen(false)} />}
    </PageFrame>
  );
}
