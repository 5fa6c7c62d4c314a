import { type FormEvent, type Ref, useId } from 'react';
import { LineIcon } from '../../lib/icons';
import { LangField } from '../../lib/links';
import styles from './search-field.module.css';

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter or the search button (the value as typed). */
  onSubmit: (value: string) => void;
  /** The field's accessible name (a visually hidden label). */
  label: string;
  placeholder: string;
  /** The accessible name of the search button. */
  submitLabel: string;
  name?: string;
  /** Where the form goes without JavaScript (a GET with the field as `name`): the current page if none. */
  action?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A rounded search input with a round search button inside it: the header's site search and the
 * list pages' search share it (what happens on typing and submitting is up to the caller).
 */
export function SearchField({
  value,
  onChange,
  onSubmit,
  label,
  placeholder,
  submitLabel,
  name = 'q',
  action,
  className,
  inputRef,
}: SearchFieldProps) {
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit(value);
  };
  return (
    <search className={className ? `${styles.box} ${className}` : styles.box}>
      <form className={styles.form} action={action} method="get" onSubmit={submit}>
        <LangField />
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input
          ref={inputRef}
          id={id}
          className={styles.input}
          type="search"
          name={name}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={200}
          placeholder={placeholder}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
        <button type="submit" className={styles.submit}>
          <LineIcon name="search" />
          <span className="visually-hidden">{submitLabel}</span>
        </button>
      </form>
    </search>
  );
}
