import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Button, Caption, Input, Placeholder, Section, Textarea } from '@telegram-apps/telegram-ui';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { AFFILIATE_NOTES_MAX, affiliateRequestBody, type AffiliateRequestBody } from '../../../protocol/growth.ts';
import { submitAffiliateRequest } from '../../api/affiliateRequest.ts';
import { messageOf } from '../../api/http.ts';
import { formatNumber } from '../../i18n/format.ts';
import { serverText } from '../../i18n/serverText.ts';

type AffiliateRequest = z.output<typeof affiliateRequestBody>;

/** A field's validation message under it, named by the field (aria-describedby). */
function FieldError({ id, message }: { id: string; message: string | undefined }): ReactNode {
  if (!message) return null;
  return (
    <Caption Component="p" className="affiliate__error" id={id}>
      {serverText(message)}
    </Caption>
  );
}

/** Channel name and email required, notes optional up to 200 characters (spec §5); one open request per player. */
export function AffiliateRequestForm({ defaultEmail }: { defaultEmail: string }) {
  const { t } = useTranslation();
  const id = useId();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<AffiliateRequestBody, unknown, AffiliateRequest>({
    resolver: zodResolver(affiliateRequestBody),
    defaultValues: { channelName: '', email: defaultEmail, additionalNotes: '' },
  });
  const sending = useMutation({ mutationFn: submitAffiliateRequest });
  const onSubmit = handleSubmit((form) => sending.mutate(form));

  if (sending.isSuccess) {
    return (
      <Section>
        <Placeholder
          className="affiliate__sent"
          role="status"
          header={t('social.affiliate.sentTitle')}
          description={<Trans i18nKey="social.affiliate.sentText" values={{ email: sending.variables.email }} components={{ strong: <strong /> }} />}
        />
      </Section>
    );
  }

  const notesLength = (watch('additionalNotes') ?? '').length;
  // The schema's messages are the protocol's English (the server checks the same): shown translated.
  const channelError = errors.channelName?.message;
  const emailError = errors.email?.message;
  const notesError = errors.additionalNotes?.message;
  const failure = sending.error
    ? messageOf(sending.error, { failed: t('social.affiliate.failed'), error: t('social.affiliate.error') })
    : null;
  // A field's name is its visible header on Android and the web; iOS shows no header, so it is also the aria-label.
  const field = (name: 'channelName' | 'email' | 'additionalNotes', label: string, error: string | undefined) => ({
    header: label,
    'aria-label': label,
    status: error ? ('error' as const) : undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-${name}-error` : undefined,
    ...register(name),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
      <Section header={<Section.Header id={`${id}-title`}>{t('social.affiliate.formTitle')}</Section.Header>}>
        <div className="affiliate__field">
          <Input
            placeholder={t('social.affiliate.channelPlaceholder')}
            autoComplete="off"
            {...field('channelName', t('social.affiliate.channelName'), channelError)}
          />
          <FieldError id={`${id}-channelName-error`} message={channelError} />
        </div>
        <div className="affiliate__field">
          <Input
            type="email"
            autoComplete="email"
            placeholder={t('social.affiliate.email')}
            {...field('email', t('social.affiliate.email'), emailError)}
          />
          <FieldError id={`${id}-email-error`} message={emailError} />
        </div>
        <div className="affiliate__field">
          <Textarea
            rows={4}
            placeholder={t('social.affiliate.notesPlaceholder')}
            {...field('additionalNotes', t('social.affiliate.notes'), notesError)}
          />
          <div className="affiliate__notes-foot">
            <FieldError id={`${id}-additionalNotes-error`} message={notesError} />
            <Caption
              className={notesLength > AFFILIATE_NOTES_MAX ? 'affiliate__counter affiliate__counter--over' : 'affiliate__counter'}
              data-testid="notes-counter"
            >
              {formatNumber(notesLength)}/{formatNumber(AFFILIATE_NOTES_MAX)}
            </Caption>
          </div>
        </div>
      </Section>
      {failure && (
        <Caption Component="p" className="affiliate__failure" role="alert">
          {failure}
        </Caption>
      )}
      <div className="affiliate__submit">
        <Button type="submit" size="l" stretched loading={sending.isPending} disabled={sending.isPending}>
          {sending.isPending ? t('social.affiliate.sending') : t('social.affiliate.submit')}
        </Button>
      </div>
    </form>
  );
}
