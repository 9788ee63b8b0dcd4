import { Caption, Cell, Section, Subheadline, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { GameProof, StepLine, VerifiedStep } from '../../../protocol/fairness.ts';
import { formatDateTime } from '../../i18n/format.ts';
import { phraseText } from './stepWords.ts';
import { seatOf, seedOwnerText, stepTime, verifiedHeadline, whoOf, whoText } from './verdictText.ts';
import { VerdictMark } from './VerdictMark.tsx';

interface ProofHoldsProps {
  proof: GameProof;
  steps: readonly VerifiedStep[];
  myId: string | undefined;
  /** Whether this device kept the hash it was shown when the game started (and the proof matched it). */
  hashKept: boolean;
  /** Whether this device kept the client seed the server took from it (and the proof has it for the player). */
  seedKept: boolean;
}

/** A proof that holds: the verdict in one sentence, the three seeds, then every step replayed. */
export function ProofHolds({ proof, steps, myId, hashKept, seedKept }: ProofHoldsProps) {
  const { t } = useTranslation();
  const who = (actor: string) => whoText(t, whoOf(actor, proof.players, myId));
  return (
    <>
      <Section data-testid="verify-verdict">
        <Cell
          multiline
          readOnly
          before={<VerdictMark holds />}
          subtitle={verifiedHeadline(t, proof.gameMode, steps)}
          description={t('records.verify.played', { date: formatDateTime(proof.created) })}
        >
          <span className="verify-verdict verify-verdict--holds">{t('records.verify.verified')}</span>
        </Cell>
      </Section>

      <Section header={<SectionTitle>{t('records.verify.seeds')}</SectionTitle>}>
        <dl className="verify-facts" data-testid="verify-seeds">
          <div>
            <Subheadline Component="dt" level="2">
              {t('records.verify.serverSeed')}
            </Subheadline>
            <Text Component="dd" className="verify-hex">
              {proof.serverSeed}
            </Text>
          </div>
          <div>
            <Subheadline Component="dt" level="2">
              {t('records.verify.seedHash')}
            </Subheadline>
            <Text Component="dd" className="verify-hex">
              {proof.seedHash}
            </Text>
            <Caption Component="dd" className="verify-note" data-testid="verify-commitment">
              {hashKept ? t('records.verify.hashKept') : t('records.verify.hashNotKept')}
            </Caption>
          </div>
          {proof.players.map((player, index) => {
            const seat = seatOf(proof.players, index, myId);
            const seed = proof.clientSeeds[index];
            return (
              <div key={player}>
                <Subheadline Component="dt" level="2">
                  {seedOwnerText(t, seat)}
                </Subheadline>
                <Text Component="dd" className={seed ? 'verify-hex' : 'verify-note'}>
                  {seed || t('records.verify.noneSent')}
                </Text>
                {/* Said only when it was checked: with no seed kept, the page claims nothing about it. */}
                {seedKept && seat === 'you' && (
                  <Caption Component="dd" className="verify-note" data-testid="verify-client-seed">
                    {t('records.verify.seedKept')}
                  </Caption>
                )}
              </div>
            );
          })}
        </dl>
      </Section>

      <Section header={<SectionTitle>{t('records.verify.steps')}</SectionTitle>}>
        {steps.map((step) => (
          <StepRow key={step.step} step={step} who={who} />
        ))}
      </Section>
    </>
  );
}

/** A section's title as a level-2 heading under the page's, where telegram-ui draws a section's header. */
function SectionTitle({ children }: { children: string }) {
  return (
    <Subheadline Component="h2" level="2" weight="2" className="verify-section-title">
      {children}
    </Subheadline>
  );
}

/** One replayed step: its number, who and what, when, the move, and (set apart) what its draws produced. */
function StepRow({ step, who }: { step: VerifiedStep; who: (actor: string) => string }) {
  const { t } = useTranslation();
  const drawn = (step.drawn ?? []).filter((line) => phraseText(t, line) !== '');
  return (
    <Cell
      multiline
      readOnly
      data-testid="verify-step"
      before={<Caption className="verify-step__number">{step.step}</Caption>}
      after={<Caption className="verify-step__time">{stepTime(t, step.at)}</Caption>}
      hint={t(`records.verify.action.${step.action}`)}
      subtitle={
        step.move && (
          <span data-testid="verify-step-move">
            <LineWords line={step.move} who={who} />
          </span>
        )
      }
      description={
        (drawn.length > 0 || step.draws > 0) && (
          <>
            {drawn.length > 0 && (
              <span className="verify-step__drawn" role="list" data-testid="verify-step-drawn">
                {drawn.map((line, index) => (
                  <span key={index} role="listitem">
                    <LineWords line={line} who={who} />
                  </span>
                ))}
              </span>
            )}
            {step.draws > 0 && <span className="verify-step__draws">{t('records.verify.drawCount', { count: step.draws })}</span>}
          </>
        )
      }
    >
      <span className="verify-step__who">{who(step.actor)}</span>
    </Cell>
  );
}

/** A line of a step's words; one about a player starts with their name as this page says it ("You: rolled 5 and 3"). */
function LineWords({ line, who }: { line: StepLine; who: (actor: string) => string }) {
  const { t } = useTranslation();
  const words = phraseText(t, line);
  if (line.player === undefined) return <>{words}</>;
  return (
    <>
      <span className="verify-step__subject">{t('records.words.subject', { who: who(line.player) })}</span> {words}
    </>
  );
}
