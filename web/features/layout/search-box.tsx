import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../lib/translation';
import { SearchField } from './search-field';

/** Site search: goes to /search/{query} only when the trimmed query is not empty. */
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
    void navigate(`/search/${encodeURIComponent(trimmed)}`);
  };
  return (
    <SearchField
      className={className}
      inputRef={input}
      value={query}
      onChange={setQuery}
      onSubmit={submit}
      label={t('search.label')}
      placeholder={t('search.placeholder')}
      submitLabel={t('search.submit')}
    />
  );
}
