import { type ReactNode, useId, useState } from 'react';
import type { TripItemT } from '../../../common/api';
import { eventInRange } from '../../../common/date-presets';
import { hoursOn } from '../../../common/opening-hours';
import { detailPagePath } from '../../../common/sections';
import { MAX_NOTE_LENGTH, type PlanEntry, parseTripKey } from '../../../common/trip-plan';
import { formatDateRange, formatNumber, formatWeekdayDate, useLocale } from '../../components/cards';
import { Picture } from '../../components/picture/picture';
import { LineIcon } from '../../lib/icons';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { fromSaintPetersburg } from './distances';
import { knownName } from './plan-ops';
import styles from './trip.module.css';

export interface TripItemViewProps {
  entry: PlanEntry;
  /** What the API says of it; undefined while it loads, or when it is gone from the site. */
  item: TripItemT | undefined;
  /** Its number in its group. */
  n: number;
  colour: string;
  /** The straight-line distance from the previous item of its day, formatted; null for the first. */
  leg: string | null;
  handle?: ReactNode;
  controls?: ReactNode;
  /** The note can be edited. */
  onNote?: ((note: string) => void) | undefined;
  /** The date of its day (YYYY-MM-DD) when the plan has dates; null otherwise. */
  date?: string | null;
}

/** Whether a place is open on a date of the plan: its hours then, closed, or not known. */
export type DayOpening = { open: true; hours: string[] } | { open: false } | null;

/** A place's opening on a date (its own hours, not a night before's past midnight); null when its schedule is not known. */
export function openingOn(item: Pick<TripItemT, 'opening_hours'>, date: string): DayOpening {
  if (!item.opening_hours) return null;
  const hours = hoursOn(item.opening_hours, date);
  return hours.length ? { open: true, hours } : { open: false };
}

/**
 * What the plan says of a place on its day: "open 10:00–18:00", "closed that day" (a warning, as
 * an event that is not on), or "hours unknown" (never "closed": unknown stays unknown).
 */
function OpeningThatDay({ item, date }: { item: TripItemT; date: string }) {
  const { t } = useTranslation('trip');
  const opening = openingOn(item, date);
  if (!opening) return <span data-open-that-day="unknown">{t('hoursUnknown')}</span>;
  if (!opening.open)
    return (
      <strong className={styles.warning} data-open-that-day="closed">
        {t('closedThatDay')}
      </strong>
    );
  const hours = opening.hours.map((h) => (h === '00:00–24:00' ? t('allDay') : h)).join(', ');
  return (
    <span className={styles.openThatDay} data-open-that-day="open">
      {t('openThatDay', { hours })}
    </span>
  );
}

/** One item of the plan: its number, picture, name, the facts a day needs, its note and its controls. */
export function TripItemView({
  entry,
  item,
  n,
  colour,
  leg,
  handle,
  controls,
  onNote,
  date = null,
}: TripItemViewProps) {
  const { t } = useTranslation(['trip', 'translation']);
  const locale = useLocale();
  const noteId = useId();
  // The note is edited here and written when the field is left (not at every key).
  const [note, setNote] = useState(entry.note ?? '');
  // Until the site's answer comes, the name the plan kept, or a neutral one: never the key.
  const name = knownName(entry, item);
  const parsed = parseTripKey(entry.key);
  return (
    <article className={styles.entry} aria-labelledby={`${noteId}-name`} aria-busy={!item || undefined}>
      <div className={styles.entryHead}>
        {handle}
        <span className={styles.number} style={{ background: colour }} aria-hidden="true">
          {n}
        </span>
        {item?.img && (
          <Picture src={item.img} alt="" photo={item.img_photo} sizes="96px" className={styles.thumb} />
        )}
        <div className={styles.entryText}>
          {parsed && <p className={styles.section}>{t(`translation:sections.${parsed.section}`)}</p>}
          <h3 id={`${noteId}-name`} className={styles.name}>
            <span className="visually-hidden">{n}. </span>
            {name && parsed ? (
              <Link to={detailPagePath(parsed.section, parsed.id)}>{name}</Link>
            ) : (
              <span className={styles.unnamed}>{t('unnamed', { n })}</span>
            )}
          </h3>
          {leg && (
            <p className={styles.leg} data-leg="">
              {t('leg', { km: leg })}
            </p>
          )}
        </div>
      </div>
      {!item && <p className={styles.hint}>{t('loadingItem')}</p>}
      {item && (
        <dl className={styles.facts}>
          {item.start_date && item.end_date && (
            <div>
              <dt>{t('facts.dates')}</dt>
              <dd>
                {formatDateRange(item.start_date, item.end_date, locale)}
                {date && !eventInRange(item.start_date, item.end_date, date, date) && (
                  <strong className={styles.warning} data-not-that-day="">
                    {t('notThatDay', { date: formatWeekdayDate(date, locale) })}
                  </strong>
                )}
              </dd>
            </div>
          )}
          {item.address && (
            <div>
              <dt>{t('facts.address')}</dt>
              <dd>{item.address}</dd>
            </div>
          )}
          {item.section !== 'routes' && item.section !== 'events' && date && (
            <div>
              <dt>{t('facts.hoursOn', { date: formatWeekdayDate(date, locale) })}</dt>
              <dd data-hours-on={date}>
                <OpeningThatDay item={item} date={date} />
              </dd>
            </div>
          )}
          {item.section !== 'routes' && item.section !== 'events' && (!date || item.hours) && (
            <div>
              <dt>{t('facts.hours')}</dt>
              <dd>{item.hours ?? (item.opening_hours ? t('hoursSetDate') : t('unknown'))}</dd>
            </div>
          )}
          {item.phone && (
            <div>
              <dt>{t('facts.phone')}</dt>
              <dd>
                <a href={`tel:${item.phone.replace(/[^+\d]/g, '')}`}>{item.phone}</a>
              </dd>
            </div>
          )}
          {item.length !== null && (
            <div>
              <dt>{t('facts.length')}</dt>
              <dd>{t('km', { km: formatNumber(item.length, locale, 1) })}</dd>
            </div>
          )}
          <div>
            <dt>{t('facts.fromSpb')}</dt>
            <dd data-from-spb="">
              <LineIcon name="pin" size={14} />{' '}
              {/* Two different figures, each said for what it is: the editors' road distance (the
                  place's page shows it) and the straight line the plan's distances all are. */}
              {item.distance_from_spb != null && (
                <>
                  <span data-by-road="">
                    {t('kmByRoad', { km: formatNumber(item.distance_from_spb, locale, 0) })}
                  </span>
                  {' · '}
                </>
              )}
              <span data-straight="">
                {t('kmStraight', { km: formatNumber(fromSaintPetersburg(item), locale, 0) })}
              </span>
            </dd>
          </div>
        </dl>
      )}
      {onNote ? (
        <div className={styles.note}>
          <label htmlFor={noteId}>{t('note')}</label>
          <textarea
            id={noteId}
            value={note}
            maxLength={MAX_NOTE_LENGTH}
            rows={2}
            placeholder={t('notePlaceholder')}
            onChange={(event) => setNote(event.target.value)}
            onBlur={() => {
              if (note !== (entry.note ?? '')) onNote(note);
            }}
            data-note=""
          />
        </div>
      ) : (
        entry.note && (
          <p className={styles.noteText}>
            <span className={styles.noteLabel}>{t('note')}: </span>
            {entry.note}
          </p>
        )
      )}
      {controls}
    </article>
  );
}
