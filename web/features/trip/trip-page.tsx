import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import type { TripItemT } from '../../../common/api';
import { detailPagePath, tripSections } from '../../../common/sections';
import { decodePlan, encodePlan } from '../../../common/trip-link';
import { emptyPlan, parseTripKey, planEntries, type TripPlan, withStart } from '../../../common/trip-plan';
import { DateField } from '../../components/dates/date-field';
import { tripPlan, writeTrip } from '../../components/saved/plan-store';
import { subscribeTrip } from '../../components/saved/store';
import { useApi } from '../../lib/api-context';
import { Link, useNavigate } from '../../lib/links';
import { keepForOffline } from '../../lib/offline';
import { useTranslation } from '../../lib/translation';
import { useHydrated } from '../../lib/use-hydrated';
import { TripMap, type TripMapGroup } from '../map';
import { groupColour, PlanBoard } from './plan-board';
import { addDay, isEmptyPlan, mergePlans, removeEntry, UNPLANNED, withNames } from './plan-ops';
import styles from './trip.module.css';
import { keepTripItems, keptTripItems, tripQuery } from './trip-queries';

function useTripItems(keys: readonly string[], enabled: boolean, keep = false) {
  const { api, lang } = useApi();
  const query = useQuery({
    ...tripQuery(api, lang, keys),
    enabled,
    placeholderData: keepPreviousData,
    // with no network, no waiting for retries: the kept answer is shown at once
    retry: (count) => count < 3 && navigator.onLine,
  });
  // The visitor's own plan keeps its last answer: shown while the API answers, and when it cannot.
  const kept = useMemo(
    () => (keep && !query.data ? keptTripItems(lang, keys) : null),
    [keep, query.data, lang, keys],
  );
  useEffect(() => {
    if (keep && query.data && !query.isPlaceholderData) keepTripItems(lang, query.data);
  }, [keep, query.data, query.isPlaceholderData, lang]);
  const answer = query.data ?? kept;
  const items = useMemo(
    () => new Map<string, TripItemT>((answer?.items ?? []).map((i) => [i.key, i])),
    [answer],
  );
  return {
    items,
    missing: answer?.missing ?? [],
    failed: query.isError,
    fromKept: kept !== null,
    retry: query.refetch,
  };
}

/** The plan's map: each group's items in order, in its colour. */
function PlanMap({ plan, items }: { plan: TripPlan; items: ReadonlyMap<string, TripItemT> }) {
  const { t } = useTranslation('trip');
  const groups: TripMapGroup[] = [
    { group: UNPLANNED, entries: plan.unplanned },
    ...plan.days.map((entries, group) => ({ group, entries })),
  ].map(({ group, entries }) => {
    const found = entries.map((e) => items.get(e.key)).filter((i) => i !== undefined);
    return {
      label: group === UNPLANNED ? t('unplanned') : t('day', { n: group + 1 }),
      colour: groupColour(group),
      stops: found.map((i) => ({ key: i.key, lat: i.lat, lon: i.lon, name: i.name })),
      lines: found.filter((i) => i.line.length > 1).map((i) => i.line as [number, number][]),
      legs: group !== UNPLANNED,
    };
  });
  if (!groups.some((g) => g.stops.length)) return null;
  return (
    <section className={styles.mapBlock} aria-labelledby="trip-map-title">
      <h2 id="trip-map-title" className={styles.blockTitle}>
        {t('mapTitle')}
      </h2>
      <TripMap groups={groups} label={t('mapLabel')} className={styles.map} />
    </section>
  );
}

/** The date of the plan's first day: with it, each day shows its date and each place its hours then. */
function StartDate({ plan, onChange }: { plan: TripPlan; onChange: (plan: TripPlan) => void }) {
  const { t } = useTranslation('trip');
  return (
    <div className={styles.start} data-trip-start="">
      <DateField
        name="start"
        label={t('start')}
        emptyText={t('startNone')}
        value={plan.start ?? ''}
        onChange={(value) => onChange(withStart(plan, value))}
      />
      <p className={styles.hint}>{plan.start ? t('startSet') : t('startHint')}</p>
    </div>
  );
}

/** What a plan names that is no longer on the site. */
function Missing({ keys, onForget }: { keys: string[]; onForget?: () => void }) {
  const { t } = useTranslation(['trip', 'translation']);
  if (keys.length === 0) return null;
  const sections = keys.map((k) => parseTripKey(k)?.section).filter((s) => s !== undefined);
  return (
    <div className={styles.notice} role="note" data-trip-missing={keys.length}>
      <p>{t('missing', { count: keys.length })}</p>
      <ul>
        {sections.map((s, n) => (
          <li key={keys[n]}>{t('missingItem', { section: t(`translation:sections.${s}`) })}</li>
        ))}
      </ul>
      {onForget && (
        <button type="button" className="button button--ghost" onClick={onForget}>
          {t('forgetMissing')}
        </button>
      )}
    </div>
  );
}

/** Files of the plan and its printout. */
function Exports({ planText, hasEvents }: { planText: string; hasEvents: boolean }) {
  const { t } = useTranslation('trip');
  const { lang } = useApi();
  const query = `plan=${planText}&lng=${lang}`;
  return (
    <div className={styles.exports}>
      <a className="button button--ghost" href={`/api/trip/gpx/?${query}`} download data-download="gpx">
        {t('gpx')}
      </a>
      {hasEvents && (
        <a className="button button--ghost" href={`/api/trip/ics/?${query}`} download data-download="ics">
          {t('ics')}
        </a>
      )}
      <button type="button" className="button button--ghost" onClick={() => window.print()}>
        {t('print')}
      </button>
    </div>
  );
}

/** The link that shows this plan to anyone, with a copy button. */
function ShareLink({ planText }: { planText: string }) {
  const { t } = useTranslation('trip');
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  // Without a language: the link opens in the language of whoever follows it. Rendered in the
  // browser only (the plan is the browser's), so the page's own origin is at hand.
  const href = `${window.location.origin}/trip?plan=${planText}`;
  return (
    <section className={styles.share} aria-labelledby="trip-share-title">
      <h2 id="trip-share-title" className={styles.blockTitle}>
        {t('shareTitle')}
      </h2>
      <p className={styles.hint}>{t('shareHint')}</p>
      <div className={styles.shareRow}>
        <label className="visually-hidden" htmlFor="trip-share-url">
          {t('shareTitle')}
        </label>
        <input id="trip-share-url" className={styles.shareInput} readOnly value={href} data-share-url="" />
        <button
          type="button"
          className="button"
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(href);
              setCopied('yes');
            } catch {
              setCopied('no');
            }
          }}
        >
          {t('copy')}
        </button>
      </div>
      <p role="status" className={styles.hint}>
        {copied === 'yes' ? t('copied') : copied === 'no' ? t('copyFailed') : ''}
      </p>
    </section>
  );
}

function Intro({ shared }: { shared?: boolean }) {
  const { t } = useTranslation('trip');
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{shared ? t('sharedTitle') : t('title')}</h1>
      <p className={styles.lead}>{shared ? t('sharedLead') : t('lead')}</p>
      <p className={styles.hint}>{t('straightLine')}</p>
    </header>
  );
}

function EmptyTrip() {
  const { t } = useTranslation(['trip', 'translation']);
  return (
    <div className={styles.empty} data-trip-empty="">
      <p>{t('empty')}</p>
      <ul className={styles.emptyLinks}>
        {tripSections.map((s) => (
          <li key={s}>
            <Link to={`/${s}/list`}>{t(`translation:sections.${s}`)}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

const serverPlan = () => null;

/** The visitor's own plan, from this browser: rendered once the app runs (the server cannot know it). */
export function OwnTrip() {
  const { t } = useTranslation('trip');
  // Read once the app runs (useHydrated: a transition after the page's hydration), so that the
  // plan's first render is sliced between the browser's other work; a store read that differs from
  // the server's at hydration would re-render the page in one long task.
  const hydrated = useHydrated();
  const plan = useSyncExternalStore(subscribeTrip, hydrated ? tripPlan : serverPlan, serverPlan);
  const keys = useMemo(() => (plan ? planEntries(plan).map((e) => e.key) : []), [plan]);
  const { items, missing, failed, fromKept, retry } = useTripItems(
    keys,
    plan !== null && keys.length > 0,
    true,
  );
  const [notStored, setNotStored] = useState(false);
  const change = (next: TripPlan) => setNotStored(!writeTrip(next));
  const keysText = keys.join(',');
  // What is gone from the site is said once, above the plan, not shown as items in it.
  const present = plan && missing.length ? missing.reduce(removeEntry, plan) : (plan ?? emptyPlan());
  // The plan and its places' pages are kept for reading with no network, whenever the plan changes.
  useEffect(() => {
    if (!keysText) return;
    const timer = setTimeout(() => {
      const pages = keysText
        .split(',')
        .map(parseTripKey)
        .filter((k) => k !== null)
        .map((k) => detailPagePath(k.section, k.id));
      void keepForOffline(['/trip', ...pages]);
    }, 1000);
    return () => clearTimeout(timer);
  }, [keysText]);
  return (
    <div className={`container ${styles.page}`}>
      <Intro />
      {plan === null ? (
        <p className={styles.hint} aria-busy="true">
          {t('loading')}
        </p>
      ) : isEmptyPlan(plan) ? (
        <EmptyTrip />
      ) : (
        <>
          {notStored && (
            <p className={styles.notice} role="alert">
              {t('notStored')}
            </p>
          )}
          {failed && (
            <p className={styles.notice} role="alert">
              {fromKept ? t('offlineKept') : t('loadFailed')}{' '}
              <button type="button" className={styles.textButton} onClick={() => void retry()}>
                {t('retry')}
              </button>
            </p>
          )}
          <Exports planText={encodePlan(plan)} hasEvents={keys.some((k) => k.startsWith('events.'))} />
          <Missing keys={missing} onForget={() => change(present)} />
          <div className={styles.layout}>
            <div className={styles.board}>
              <StartDate plan={plan} onChange={change} />
              <PlanBoard plan={present} items={items} onChange={change} />
              <button
                type="button"
                className="button"
                onClick={() => change(addDay(present))}
                data-add-day=""
              >
                {t('addDay')}
              </button>
            </div>
            <div className={styles.side}>
              <PlanMap plan={present} items={items} />
              <ShareLink planText={encodePlan(plan)} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}

/** A plan from a link: rendered by the server, with an offer to keep it in the visitor's own trip. */
export function SharedTrip({ text }: { text: string }) {
  const { t } = useTranslation('trip');
  const navigate = useNavigate();
  const decoded = useMemo(() => decodePlan(text), [text]);
  const plan = decoded.ok ? decoded.plan : null;
  const keys = useMemo(() => (plan ? planEntries(plan).map((e) => e.key) : []), [plan]);
  const { items, missing } = useTripItems(keys, keys.length > 0);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [notStored, setNotStored] = useState(false);
  if (!plan) {
    return (
      <div className={`container ${styles.page}`}>
        <Intro shared />
        <div className={styles.notice} role="alert" data-trip-bad-link={decoded.ok ? '' : decoded.problem}>
          <h2 className={styles.blockTitle}>{t('badLink.title')}</h2>
          <p>{t(`badLink.${decoded.ok ? 'malformed' : decoded.problem}`)}</p>
          <p>
            <Link to="/trip">{t('badLink.own')}</Link>
          </p>
        </div>
      </div>
    );
  }
  // Everything the link names that is still on the site, without what is gone; kept with the
  // names shown here, for the visitor's own plan to show them at once.
  const present: TripPlan = withNames(missing.reduce(removeEntry, plan), items);
  const keep = (next: TripPlan) => {
    if (!writeTrip(next)) setNotStored(true);
    else navigate('/trip');
  };
  const save = () => {
    const own = tripPlan();
    if (isEmptyPlan(own)) keep(present);
    else setConfirming(planEntries(own).length);
  };
  return (
    <div className={`container ${styles.page}`}>
      <Intro shared />
      <div className={styles.saveShared}>
        {confirming === null ? (
          <button type="button" className="button button--gold" onClick={save} data-save-shared="">
            {t('saveShared')}
          </button>
        ) : (
          <fieldset className={styles.confirm}>
            <legend>{t('confirm.question', { count: confirming })}</legend>
            <button type="button" className="button" onClick={() => keep(present)} data-confirm="replace">
              {t('confirm.replace')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              onClick={() => keep(mergePlans(tripPlan(), present))}
              data-confirm="add"
            >
              {t('confirm.add')}
            </button>
            <button type="button" className={styles.textButton} onClick={() => setConfirming(null)}>
              {t('confirm.cancel')}
            </button>
          </fieldset>
        )}
        {notStored && (
          <p className={styles.notice} role="alert">
            {t('notStored')}
          </p>
        )}
      </div>
      <Exports planText={text} hasEvents={keys.some((k) => k.startsWith('events.'))} />
      <Missing keys={missing} />
      {isEmptyPlan(plan) ? (
        <p>{t('sharedEmpty')}</p>
      ) : (
        <div className={styles.layout}>
          <div className={styles.board}>
            <PlanBoard plan={present} items={items} />
          </div>
          <div className={styles.side}>
            <PlanMap plan={present} items={items} />
          </div>
        </div>
      )}
    </div>
  );
}
