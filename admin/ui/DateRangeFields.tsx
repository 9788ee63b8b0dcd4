import { DateField } from './DateField.tsx';

interface DateRangeFieldsProps {
  start: string;
  end: string;
  onStart: (value: string) => void;
  onEnd: (value: string) => void;
}

/** Start and end days, year-month-day (spec §2); a start after the end is pointed out, not refused. */
export function DateRangeFields({ start, end, onStart, onEnd }: DateRangeFieldsProps) {
  const reversed = start !== '' && end !== '' && start > end;
  return (
    <>
      <DateField label="Start date" value={start} max={end} onChange={onStart} />
      <DateField label="End date" value={end} min={start} onChange={onEnd} />
      {reversed && (
        <p className="field__error admin-date__warning" role="status">
          The start date is after the end date.
        </p>
      )}
    </>
  );
}
