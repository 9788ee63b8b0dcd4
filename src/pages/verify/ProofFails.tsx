import { Cell, Section, Subheadline, Text } from '@telegram-apps/telegram-ui';
import { useTranslation } from 'react-i18next';
import type { Verdict } from '../../../protocol/fairness.ts';
import { failureText, failureValueText } from './verdictText.ts';
import { VerdictMark } from './VerdictMark.tsx';

type Failure = Extract<Verdict, { ok: false }>;

/** A proof that does not hold: exactly where the replay parted from the record, and how. */
export function ProofFails({ failure, inputs }: { failure: Failure; inputs: number | null }) {
  const { t } = useTranslation();
  return (
    <Section role="alert" data-testid="verify-verdict">
      <Cell multiline readOnly before={<VerdictMark holds={false} />} subtitle={failureText(t, failure, inputs)}>
        <span className="verify-verdict verify-verdict--fails">{t('records.verify.doesNotHold')}</span>
      </Cell>
      <dl className="verify-facts">
        <div>
          <Subheadline Component="dt" level="2">
            {t('records.verify.expected')}
          </Subheadline>
          <Text Component="dd" className="verify-hex">
            {failureValueText(t, failure, failure.expected)}
          </Text>
        </div>
        <div>
          <Subheadline Component="dt" level="2">
            {t('records.verify.got')}
          </Subheadline>
          <Text Component="dd" className="verify-hex">
            {failureValueText(t, failure, failure.got)}
          </Text>
        </div>
      </dl>
    </Section>
  );
}
