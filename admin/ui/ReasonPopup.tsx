import { useId, useState, type ReactNode } from 'react';
import { ActionPopup } from './ActionPopup.tsx';

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
  // Set by the first submit: from then on an empty text says so, and typing clears it.
  const [tried, setTried] = useState(false);
  const trimmed = text.trim();
  const empty = Boolean(requiredMessage) && trimmed === '';
  const missing = tried && empty;

  const submit = () => {
    setTried(true);
    if (!empty) onSubmit(trimmed);
  };

  return (
    <ActionPopup
      title={title}
      submitLabel={submitLabel}
      danger={danger}
      pending={pending}
      invalid={missing ? requiredMessage : null}
      error={error}
      failedText={failedText}
      onSubmit={submit}
      onClose={onClose}
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
    </ActionPopup>
  );
}
