import type { ReactNode } from 'react';
import { messageOf } from '../../src/api/http.ts';
import { FormError } from './FormError.tsx';
import { Popup } from './Popup.tsx';

interface ActionPopupProps {
  title: string;
  submitLabel: string;
  danger?: boolean;
  /** The call is under way: both buttons are off and the popup cannot be closed. */
  pending: boolean;
  /** A check that failed here, before any call; shown instead of the call's error. */
  invalid?: string | null;
  /** The failed call, shown with the server's message when it has one. */
  error: unknown;
  /** Shown when the server refused without a message. */
  failedText: string;
  onSubmit: () => void;
  onClose: () => void;
  /** What is about to happen, and the fields if any (Enter in one submits). */
  children: ReactNode;
}

/** An operator action confirmed in a popup: its submit and Cancel, then what went wrong if anything. */
export function ActionPopup({ title, submitLabel, danger = false, pending, invalid = null, error, failedText, onSubmit, onClose, children }: ActionPopupProps) {
  const shown = invalid ?? (error ? messageOf(error, { failed: failedText, error: 'The server could not be reached.' }) : null);
  return (
    <Popup
      title={title}
      onClose={pending ? undefined : onClose}
      actions={
        <>
          <button className={danger ? 'button button--danger button--block' : 'button button--block'} type="button" disabled={pending} onClick={onSubmit}>
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
          if (!pending) onSubmit();
        }}
      >
        {children}
        <FormError message={shown} />
      </form>
    </Popup>
  );
}
