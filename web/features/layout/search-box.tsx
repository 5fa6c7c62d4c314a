import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LineIcon } from './icons';
import styles from './search-box.module.css';

/** Site search: goes to /search/{query} only when the trimmed query is not empty. */
export function SearchBox({ className, onSearch }: { className?: string; onSearch?: () => void }) {
  const { t } = useTranslation('layout');
  const id = useId();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = query.trim();
    if (!trimmed) {
      input.current?.focus();
      return;
    }
    onSearch?.();
    setQuery('');
    void navigate(`/search/${encodeURIComponent(trimmed)}`);
  };
  return (
    <search className={className ? `${styles.box} ${className}` : styles.box}>
      <form className={styles.form} onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {t('search.label')}
        </label>
        <input
          ref={input}
          id={id}
          className={styles.input}
          type="search"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <button type="submit" className={styles.submit}>
          <LineIcon name="search" />
          <span className="visually-hidden">{t('search.submit')}</span>
        </button>
      </form>
    </search>
  );
}
