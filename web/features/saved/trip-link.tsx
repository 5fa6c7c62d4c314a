import { useSyncExternalStore } from 'react';
import { StrokeIcon } from '../../lib/icons';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { currentAnnouncement, savedCount, subscribeAnnouncement, subscribeTrip } from './store';

const bookmark = 'M5 2.5h10v15l-5-4-5 4Z';
const none = () => 0;
const silent = () => '';

/**
 * The header's link to the visitor's trip with the number of saved items, and the polite live
 * region that says what a save control did. The server renders it without a number (it cannot
 * know the visitor's browser); the number comes once the app starts.
 */
export function TripLink({ className, countClassName }: { className?: string; countClassName?: string }) {
  const { t } = useTranslation();
  const count = useSyncExternalStore(subscribeTrip, savedCount, none);
  const message = useSyncExternalStore(subscribeAnnouncement, currentAnnouncement, silent);
  return (
    <>
      <Link
        to="/trip"
        className={className}
        aria-label={count ? t('trip.linkCount', { count }) : t('trip.link')}
        data-trip-link=""
      >
        <StrokeIcon d={bookmark} size={22} />
        {count > 0 && (
          <span className={countClassName} data-trip-count="">
            {count}
          </span>
        )}
      </Link>
      <span className="visually-hidden" role="status" aria-live="polite" data-trip-announcer="">
        {message}
      </span>
    </>
  );
}
