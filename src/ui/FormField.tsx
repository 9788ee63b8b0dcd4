import { Caption, Input, type InputProps } from '@telegram-apps/telegram-ui';
import { useId, type Ref } from 'react';
import { serverText } from '../i18n/serverText.ts';
import { telegramPlatform } from '../platform/telegram.ts';

interface FormFieldProps extends Omit<InputProps, 'header' | 'status'> {
  /** The field's name, shown above it and read out as its label. */
  label: string;
  /** The form's check that failed: a protocol text (validationText), shown in the player's language. */
  error?: string | undefined;
  /** react-hook-form's register() hands the input's ref through here (a plain prop since React 19). */
  ref?: Ref<HTMLInputElement>;
}

/**
 * A form field (the sign-in forms, Profile) on telegram-ui's Input. Its header (the label drawn on the field's
 * border) exists only in the base look, so the iOS look names the field in its placeholder instead; the
 * input carries the label itself either way, and a failed check turns the field red with the reason under it.
 */
export function FormField({ label, error, id, ...input }: FormFieldProps) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  const ios = telegramPlatform() === 'ios';
  return (
    <div className="form-field">
      <Input
        id={inputId}
        header={label}
        placeholder={ios ? label : undefined}
        aria-label={label}
        status={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <Caption Component="p" id={errorId} className="form-field__error">
          {serverText(error)}
        </Caption>
      )}
    </div>
  );
}
