import { useEffect, useRef, useState } from 'react';
import { SearchField } from '../../components/search-field/search-field';
import { useTranslation } from '../../lib/translation';

/** The pause in typing after which the list search runs: a word is searched once typed, not per letter. */
export const SEARCH_DEBOUNCE_MS = 750;

export interface ListSearchProps {
  /** The search the list shows now (from the URL). */
  current: string;
  /** Runs a search; `typed` when it comes from a pause in typing (not Enter or the button). */
  onSearch: (value: string, typed: boolean) => void;
  placeholder: string;
}

/** The list's search box: runs after a 750 ms pause in typing, on Enter or on the button. */
export function ListSearch({ current, onSearch, placeholder }: ListSearchProps) {
  const { t } = useTranslation('lists');
  const [value, setValue] = useState(current);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = useRef(onSearch);
  search.current = onSearch;

  // The URL changed from elsewhere (reset, back button): show its search.
  useEffect(() => {
    setValue((typed) => (typed.trim() === current ? typed : current));
  }, [current]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setValue(next);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search.current(next.trim(), true), SEARCH_DEBOUNCE_MS);
  };
  const submit = (next: string) => {
    clearTimeout(timer.current);
    search.current(next.trim(), false);
  };
  return (
    <SearchField
      name="search"
      value={value}
      onChange={change}
      onSubmit={submit}
      label={t('search.label')}
      placeholder={placeholder}
      submitLabel={t('search.submit')}
    />
  );
}
