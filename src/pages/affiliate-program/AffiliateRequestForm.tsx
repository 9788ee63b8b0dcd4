import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AFFILIATE_NOTES_MAX, affiliateRequestBody, growthText, type AffiliateRequestBody } from '../../../protocol/growth.ts';
import { submitAffiliateRequest } from '../../api/affiliateRequest.ts';
import { messageOf } from '../../api/http.ts';
import { FormError } from '../../ui/FormError.tsx';
import { TextField } from '../../ui/TextField.tsx';

type AffiliateRequest = z.output<typeof affiliateRequestBody>;

/** Channel name and email required, notes optional up to 200 characters (spec §5); one open request per player. */
export function AffiliateRequestForm({ defaultEmail }: { defaultEmail: string }) {
  const notesId = useId();
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
      <section className="card affiliate__sent" role="status" aria-labelledby="affiliate-sent-title">
        <h2 id="affiliate-sent-title">Request sent</h2>
        <p className="muted">
          Thank you! We will review your request and write to you at <strong>{sending.variables.email}</strong>.
        </p>
      </section>
    );
  }

  const notesLength = (watch('additionalNotes') ?? '').length;
  const notesError = errors.additionalNotes?.message;
  return (
    <form className="form card" onSubmit={onSubmit} noValidate aria-labelledby="affiliate-form-title">
      <h2 id="affiliate-form-title" className="affiliate__title">
        Request affiliate status
      </h2>
      <TextField
        label="Channel name"
        placeholder="@yourchannel or a link"
        autoComplete="off"
        error={errors.channelName?.message}
        {...register('channelName')}
      />
      <TextField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <div className="field">
        <div className="affiliate__notes-head">
          <label className="field__label" htmlFor={notesId}>
            Notes (optional)
          </label>
          <span
            className={notesLength > AFFILIATE_NOTES_MAX ? 'affiliate__counter affiliate__counter--over' : 'affiliate__counter'}
            data-testid="notes-counter"
          >
            {notesLength}/{AFFILIATE_NOTES_MAX}
          </span>
        </div>
        <textarea
          className="field__input affiliate__notes"
          id={notesId}
          rows={4}
          placeholder="Your audience, where you would share your link…"
          aria-invalid={notesError ? true : undefined}
          aria-describedby={notesError ? `${notesId}-error` : undefined}
          {...register('additionalNotes')}
        />
        {notesError && (
          <p className="field__error" id={`${notesId}-error`}>
            {notesError}
          </p>
        )}
      </div>
      <FormError
        message={sending.error ? messageOf(sending.error, { failed: growthText.affiliateFailed, error: growthText.affiliateError }) : null}
      />
      <button className="button button--block" type="submit" disabled={sending.isPending}>
        {sending.isPending ? 'Sending…' : 'Submit Request'}
      </button>
    </form>
  );
}
