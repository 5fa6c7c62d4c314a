import { useId } from 'react';
import styles from './hobby-search.module.css';

interface SelectFieldProps {
  name: string;
  label: string;
  anyLabel: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { id: number; name: string }[];
}

/** A required select whose first option, "any", has the value 0. */
export function SelectField({ name, label, anyLabel, value, onChange, options }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        id={id}
        name={name}
        required
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="0">{anyLabel}</option>
        {options.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
