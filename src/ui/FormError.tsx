import { Caption } from '@telegram-apps/telegram-ui';

/** A form-level error: what the server said (translated by its code), or the spec's default text. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Caption Component="p" className="form-error" role="alert">
      {message}
    </Caption>
  );
}
