import { type FormEvent, useId, useState } from 'react';
import { searchHref } from '../../../common/urls';
import { LangField, useNavigate } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './search-page.module.css';
import { maxQuery } from './search-queries';

/**
 * The results page's own search form, prefilled with the current query. Without JavaScript it is
 * a GET of /search?q=…, the address the app navigates to as well.
 */
export function SearchForm({ query }: { query: string }) {
  const { t } = useTranslation('search');
  const id = useId();
  const navigate = useNavigate();
  const [value, setValue] = useState(query);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.replace(/\s+/g, ' ').trim();
    if (!trimmed || trimmed === query) return;
    void navigate(searchHref(trimmed));
  };
  return (
    <search className={styles.searchForm}>
      <form className={styles.form} action="/search" method="get" onSubmit={submit}>
        <LangField />
        <label htmlFor={id} className={styles.label}>
          {t('label')}
        </label>
        <div className={styles.field}>
          <input
            id={id}
            className={styles.input}
            type="search"
            name="q"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={maxQuery}
            placeholder={t('placeholder')}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <button type="submit" className={styles.submit}>
            {t('submit')}
          </button>
        </div>
      </form>
    </search>
  );
}
