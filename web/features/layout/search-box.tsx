import { useRef, useState } from 'react';
import { searchHref } from '../../../common/urls';
import { useNavigate } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { SearchField } from './search-field';

/**
 * Site search: goes to /search?q={query} only when the trimmed query is not empty; without
 * JavaScript the form itself is a GET of that address.
 */
export function SearchBox({ className, onSearch }: { className?: string; onSearch?: () => void }) {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const submit = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) {
      input.current?.focus();
      return;
    }
    onSearch?.();
    setQuery('');
    void navigate(searchHref(trimmed));
  };
  return (
    <SearchField
      className={className}
      inputRef={input}
      action="/search"
      value={query}
      onChange={setQuery}
      onSubmit={submit}
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      submitLabel={t('search.submit')}
    />
  );
}
