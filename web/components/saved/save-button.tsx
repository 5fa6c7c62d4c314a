import { useSyncExternalStore } from 'react';
import { StrokeIcon } from '../../lib/icons';
import { useTranslation } from '../../lib/translation';
import { useHydrated } from '../../lib/use-hydrated';
import { announce, isSaved, subscribeTrip } from './store';

/** A bookmark: filled when saved (the `saved-button` rule of global.css fills it). */
const bookmark = 'M5 2.5h10v15l-5-4-5 4Z';

export interface SaveButtonProps {
  /** The item's key in the plan, `attractions.12` (common/sections.ts tripKey). */
  itemKey: string;
  /** The item's name: the button's accessible name says what it saves. */
  name: string;
  className?: string;
  /** Show the label beside the icon (a detail page); a card shows the icon alone. */
  withLabel?: boolean;
}

const noServerState = () => false;

/**
 * Saves an item to the visitor's trip, or removes it: a toggle button (aria-pressed) whose change
 * the header's live region says in words. It works only once the app runs: a card's button (laid
 * over its picture, so nothing moves when it comes) is not in the server's HTML at all, which
 * keeps lists and detail pages lighter; a detail page's, in the text's flow, is there from the
 * start, shown "not saved" (the server cannot know the visitor's browser) until the app starts.
 */
export function SaveButton({ itemKey, name, className, withLabel = false }: SaveButtonProps) {
  const { t } = useTranslation();
  const saved = useSyncExternalStore(subscribeTrip, () => isSaved(itemKey), noServerState);
  const hydrated = useHydrated();
  if (!withLabel && !hydrated) return null;
  // One name whether pressed or not: the state is aria-pressed's to say (and the filled icon's).
  const label = t('trip.save');
  return (
    <button
      type="button"
      className={className ? `save-button ${className}` : 'save-button'}
      aria-pressed={saved}
      aria-label={withLabel ? undefined : `${label}: ${name}`}
      data-save={itemKey}
      onClick={async () => {
        // The plan's code comes with the first save (a page's visitors mostly never save).
        const store = await import('./plan-store').catch(() => null);
        if (store) store.pressSave(itemKey, name, t);
        else announce(t('trip.failed'));
      }}
    >
      <StrokeIcon d={bookmark} size={20} />
      {withLabel && <span>{label}</span>}
    </button>
  );
}
