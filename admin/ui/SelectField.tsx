interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  /** The choices, in order. */
  options: readonly T[];
  /** What each choice reads. */
  names: Record<T, string>;
  onChange: (value: T) => void;
}

/** A labelled select over a fixed set of values: only one of them ever reaches onChange. */
export function SelectField<T extends string>({ label, value, options, names, onChange }: SelectFieldProps<T>) {
  return (
    <label className="admin-field">
      <span className="admin-field__label">{label}</span>
      <select
        className="admin-input"
        value={value}
        onChange={(event) => {
          const picked = options.find((option) => option === event.target.value);
          if (picked !== undefined) onChange(picked);
        }}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {names[option]}
          </option>
        ))}
      </select>
    </label>
  );
}
