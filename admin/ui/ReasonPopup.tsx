import { useId, useState, type ReactNode } from 'react';
import { messageOf } from '../../src/api/http.ts';
import { Popup } from '../../src/ui/Popup.tsx';

/** The server's own limit on notes and reasons (protocol/integrity.ts). */
const MAX_LENGTH = 500;

interface ReasonPopupProps {
  title: string;
  /** The text field's label: 'Note', 'Reason'. */
  label: string;
  submitLabel: string;
  children?: ReactNode;
  /** The message shown for an empty text; without it an empty text is sent. */
  requiredMessage?: string;
  danger?: boolean;
  pending: boolean;
  /** The failed call, shown with the server's message when it has one. */
  error: unknown;
  failedText: string;
  onSubmit: (text: string) => void;
  onClose: () => void;
}

/**
 * An operator action that carries a written reason (dismissing a flag, freezing, rejecting a
 * withdrawal). The text is checked here only to save a round trip: the server refuses an empty one too.
 */
export function ReasonPopup({ title, label, submitLabel, children, requiredMessage, danger = false, pending, error, failedText, onSubmit, onClose }: ReasonPopupProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = () => {
    const trimmed = text.trim();
    if (requiredMessage && trimmed === '') {
      setMissing(true);
      return;
    }
    setMissing(false);
    onSubmit(trimmed);
  };

  const shown = missing ? requiredMessage : error ? messageOf(error, { failed: failedText, error: 'The server could not be reached.' }) : null;
  return (
    <Popup
      title={title}
      onClose={pending ? undefined : onClose}
      actions={
        <>
          <button className={danger ? 'button button--danger button--block' : 'button button--block'} type="button" disabled={pending} onClick={submit}>
            {submitLabel}
          </button>
          <button className="button button--secondary button--block" type="button" disabled={pending} onClick={onClose}>
            Cancel
          </button>
        </>
      }
    >
      <form
        className="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {children}
        <div className="admin-field">
          <label className="admin-field__label" htmlFor={id}>
            {requiredMessage ? label : `${label} (optional)`}
          </label>
          <textarea
            id={id}
            className="admin-input admin-textarea"
            rows={3}
            maxLength={MAX_LENGTH}
            value={text}
            aria-invalid={missing || undefined}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        {shown && (
          <p className="form-error" role="alert">
            {shown}
          </p>
        )}
      </form>
    </Popup>
  );
}
