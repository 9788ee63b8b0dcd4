import { Badge, List, Section, Subheadline, Text } from '@telegram-apps/telegram-ui';
import { Trans, useTranslation } from 'react-i18next';
import { CLIENT_SEED_WAIT_MS, FAIRNESS_VERSION } from '../../../protocol/fairness.ts';
import { formatNumber } from '../../i18n/format.ts';
import { LinkButton } from '../../ui/LinkButton.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import './fairness.css';

/** The four steps, in order: the server's commitment, the players' seeds, the draws, the check. */
const steps = ['serverSeed', 'clientSeeds', 'draws', 'check'] as const;

/** /fairness: provably fair games (issue 18) in plain words, one screen, from More and a game's Fairness sheet. */
export function FairnessPage() {
  const { t } = useTranslation();
  const values = { seconds: formatNumber(CLIENT_SEED_WAIT_MS / 1000), version: FAIRNESS_VERSION };
  return (
    <PageFrame title={t('records.fairness.title')}>
      <List Component="ol" className="fairness-steps">
        {steps.map((step, index) => (
          <li key={step}>
            <Section
              header={
                <div className="fairness-step__header">
                  {/* The list numbers the steps for a screen reader; the badge shows it. */}
                  <Badge type="number" mode="primary" large aria-hidden="true">
                    {formatNumber(index + 1)}
                  </Badge>
                  <Subheadline Component="h2" level="1" weight="2">
                    {t(`records.fairness.${step}.title`)}
                  </Subheadline>
                </div>
              }
            >
              <Text Component="p" className="fairness-step__body">
                <Trans i18nKey={`records.fairness.${step}.body`} values={values} components={{ code: <code />, strong: <strong /> }} />
              </Text>
            </Section>
          </li>
        ))}
      </List>
      <LinkButton to="/played-games-history" mode="bezeled" size="l" stretched className="fairness-link">
        {t('records.fairness.verifyPlayed')}
      </LinkButton>
    </PageFrame>
  );
}
