import { useId, useRef, useState } from 'react';
import { isDayInput } from '../dateRange.ts';

interface DateFieldProps {
  label: string;
  /** 'YYYY-MM-DD' or '' (no bound). */
  value: string;
  onChange: (value: string) => void;
  min?: string;
  max?: string;
}

const CalendarIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </svg>
);

/**
 * A day written YYYY-MM-DD whatever the browser's locale (spec §2), with the browser's own calendar
 * behind the button. Only a complete, real day (or an empty field) reaches `onChange`.
 */
export function DateField({ label, value, onChange, min, max }: DateFieldProps) {
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  // The value changed from outside (the calendar, a reset): the text follows.
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  const accept = (next: string) => {
    setDraft(next);
    if (next === '' || isDayInput(next)) {
      setShown(next);
      onChange(next);
    }
  };
  const invalid = draft !== '' && !isDayInput(draft);

  return (
    <div className="admin-field">
      <label className="admin-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="admin-date">
        <input
          id={id}
          className="admin-input admin-date__text"
          type="text"
          inputMode="numeric"
          placeholder="YYYY-MM-DD"
          maxLength={10}
          autoComplete="off"
          value={draft}
          aria-invalid={invalid || undefined}
          onChange={(event) => accept(event.target.value.trim())}
        />
        <button
          className="admin-date__button"
          type="button"
          aria-label={`Choose ${label.toLowerCase()}`}
          onClick={() => {
            try {
              picker.current?.showPicker();
            } catch {
              // No calendar here (an older browser): typing still works.
              picker.current?.focus();
            }
          }}
        >
          <CalendarIcon />
        </button>
        <input
          ref={picker}
          className="admin-date__native"
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          value={isDayInput(draft) ? draft : value}
          min={min || undefined}
          max={max || undefined}
          onChange={(event) => accept(event.target.value)}
        />
      </div>
    </div>
  );
}
