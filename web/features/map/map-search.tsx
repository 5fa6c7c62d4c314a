import { useEffect, useId, useRef, useState } from 'react';
import { type MapItem, sectionColour } from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import styles from './map.module.css';

/**
 * A combobox that finds a place by name; choosing one flies the map to it. The names are searched
 * in the map's worker: the suggestions follow the typing by one message.
 */
export function MapSearch({
  search,
  onPick,
}: {
  search: (query: string) => Promise<MapItem[]>;
  onPick: (item: MapItem) => void;
}) {
  const { t } = useTranslation(['map', 'translation']);
  const id = useId();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  // The suggestions and the query they answer: until the answer to a new query comes, the
  // previous suggestions stay and "nothing found" is not said.
  const [result, setResult] = useState<{ query: string; found: MapItem[] }>({ query: '', found: [] });
  useEffect(() => {
    let current = true;
    void search(query).then((found) => {
      if (current) setResult({ query, found });
    });
    return () => {
      current = false;
    };
  }, [search, query]);
  const found = result.found;
  const answered = result.query === query;
  const expanded = open && query.trim().length > 0;
  const list = useRef<HTMLDivElement>(null);
  // The arrow keys move through the suggestions: the active one stays in view when they scroll.
  useEffect(() => {
    if (expanded) list.current?.querySelector(`[id="${id}-${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [expanded, active, id]);
  const pick = (item: MapItem | undefined) => {
    if (!item) return;
    onPick(item);
    setQuery(item.name);
    setOpen(false);
  };
  return (
    <div className={styles.search}>
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        id={`${id}-input`}
        className={styles.searchInput}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-activedescendant={expanded && found[active] ? `${id}-${active}` : undefined}
        placeholder={t('search.placeholder')}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
            setActive((a) => Math.min(a + 1, found.length - 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            pick(found[active]);
          } else if (e.key === 'Escape') {
            setOpen(false);
          }
        }}
      />
      <div
        ref={list}
        id={`${id}-list`}
        role="listbox"
        aria-label={t('search.label')}
        className={styles.searchList}
        hidden={!expanded}
      >
        {found.map((item, i) => (
          // Options are chosen with the arrow keys and Enter in the input (aria-activedescendant).
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the combobox input
          // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant)
          <div
            key={item.key}
            id={`${id}-${i}`}
            role="option"
            aria-selected={i === active}
            className={styles.searchOption}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(item)}
          >
            <span
              className={styles.dot}
              style={{ background: sectionColour[item.section] }}
              aria-hidden="true"
            />
            <span className={styles.searchText}>
              {item.name}
              <small>{t(`translation:sections.${item.section}`)}</small>
            </span>
          </div>
        ))}
      </div>
      {expanded && answered && !found.length ? (
        <p className={styles.searchEmpty}>{t('search.none')}</p>
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {expanded && answered ? t('search.count', { count: found.length }) : ''}
      </p>
    </div>
  );
}
