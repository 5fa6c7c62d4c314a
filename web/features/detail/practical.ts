import { accessibilityFacts } from '../../../common/accessibility';
import type {
  AccessibilityT,
  AdmissionT,
  OpeningHoursT,
  OpeningSeasonT,
  PlaceDetailT,
} from '../../../common/api';
import { type FactSourceT, osmCopyrightUrl } from '../../../common/fact-sources';
import type { FactSourceLine, Formatters } from './detail-config';

// The practical facts as a detail page words them: the weekly schedule, the price and the
// accessibility facts (strings: detail.json `hours`, `admission`, `access`). Unknown is said to be
// unknown, never "no".

type T = (key: string, options?: Record<string, unknown>) => string;

const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** The times of a weekday in a season ("10:00–14:00, 15:00–18:00"), '' when closed. */
function timesOn(season: OpeningSeasonT, day: number, t: T): string {
  return season.hours
    .filter((h) => h.days.includes(day))
    .map((h) =>
      h.opens === '00:00' && h.closes === '24:00' ? t('detail:hours.allDay') : `${h.opens}–${h.closes}`,
    )
    .join(', ');
}

/** A season's week: runs of days with the same times ("Tue–Sun 10:00–18:00; Mon closed"). */
function weekOf(season: OpeningSeasonT, t: T): string {
  const runs: { from: number; to: number; times: string }[] = [];
  for (const day of weekdays) {
    const times = timesOn(season, day, t);
    const last = runs.at(-1);
    if (last && last.times === times && last.to === day - 1) last.to = day;
    else runs.push({ from: day, to: day, times });
  }
  if (runs.length === 1 && runs[0]?.times === '') return t('detail:hours.closedSeason');
  if (runs.length === 1 && runs[0]?.times === t('detail:hours.allDay')) return t('detail:hours.always');
  if (runs.length === 1 && runs[0]?.times) return t('detail:hours.daily', { times: runs[0].times });
  return runs
    .map((r) => {
      const days =
        r.from === r.to
          ? t(`detail:hours.day${r.from}`)
          : `${t(`detail:hours.day${r.from}`)}–${t(`detail:hours.day${r.to}`)}`;
      return `${days} ${r.times || t('detail:hours.closedDay')}`;
    })
    .join('; ');
}

/** The schedule, one line per season, then the closed days. */
export function scheduleLines(hours: OpeningHoursT, t: T, dayMonth: (date: string) => string): string[] {
  const dated = hours.seasons.some((s) => s.from !== undefined);
  const lines = hours.seasons.map((season) => {
    const week = weekOf(season, t);
    if (season.from !== undefined && season.to !== undefined)
      return `${t('detail:hours.season', { from: dayMonth(season.from), to: dayMonth(season.to) })}: ${week}`;
    return dated ? `${t('detail:hours.otherwise')}: ${week}` : week;
  });
  for (const m of hours.closed_monthly ?? []) {
    const day = t(`detail:hours.dayLong${m.day}`);
    lines.push(
      m.week === -1 ? t('detail:hours.monthlyLast', { day }) : t('detail:hours.monthly', { day, n: m.week }),
    );
  }
  if (hours.closed_dates?.length)
    lines.push(t('detail:hours.closedDates', { dates: hours.closed_dates.map(dayMonth).join(', ') }));
  return lines;
}

/** "Free", "from 300 ₽", "300–700 ₽" or "Price unknown". */
export function admissionText(admission: AdmissionT | null, t: T, number: (n: number) => string): string {
  if (!admission) return t('detail:admission.unknown');
  if (admission.free) return t('detail:admission.free');
  if (admission.max === undefined || admission.max === admission.min)
    return t('detail:admission.from', { min: number(admission.min) });
  return t('detail:admission.range', { min: number(admission.min), max: number(admission.max) });
}

/** Each fact of the vocabulary with yes, no or unknown ("Step-free entrance: unknown"); one line when none is known. */
export function accessibilityLines(accessibility: AccessibilityT, t: T): string[] {
  // none known: one line, not seven times "unknown"
  if (accessibilityFacts.every((fact) => accessibility[fact] === undefined))
    return [t('detail:access.noneKnown')];
  return accessibilityFacts.map((fact) => {
    const value = accessibility[fact];
    const answer = value === undefined ? 'unknown' : value ? 'yes' : 'no';
    return t('detail:access.line', {
      fact: t(`detail:access.${fact}`),
      answer: t(`detail:access.${answer}`),
    });
  });
}

/** OpenStreetMap's credit, as its licence (ODbL) asks wherever its data is shown. */
const osmAttribution = (f: Formatters) => ({ text: f.t('detail:sources.osmCredit'), href: osmCopyrightUrl });

/** "OpenStreetMap, imported 20 November 2026 · © OpenStreetMap contributors" for a fact from there, else null. */
export function osmSourceLine(source: FactSourceT | undefined, f: Formatters): FactSourceLine | null {
  if (source?.source !== 'osm') return null;
  return {
    source: f.t('detail:sources.osm', { date: f.date(source.checked) }),
    attribution: osmAttribution(f),
  };
}

/**
 * When a price was checked and by whom ("Checked 26 November 2026 · from the venue"), or null when
 * its source is not recorded. A price goes out of date: the day says how far to trust it.
 */
export function checkedLine(source: FactSourceT | undefined, f: Formatters): FactSourceLine | null {
  if (!source) return null;
  if (source.source === 'osm') return osmSourceLine(source, f);
  return {
    source: f.t('detail:sources.checked', {
      date: f.date(source.checked),
      source: f.t(`detail:sources.${source.source}`),
    }),
  };
}

/**
 * Where the hours came from and when ("Hours checked 20 November 2026 · from the venue"); unknown
 * hours say how to find out before going: the phone, else the site, else just to check.
 */
export function hoursSourceLines(p: PlaceDetailT, f: Formatters): (string | FactSourceLine)[] {
  if (!p.opening_hours) {
    if (p.phone) return [f.t('detail:sources.unknownCall', { phone: p.phone })];
    if (p.site) return [f.t('detail:sources.unknownSite')];
    return [f.t('detail:sources.unknownCheck')];
  }
  const source = p.fact_sources?.opening_hours;
  if (!source) return [];
  if (source.source === 'osm') return [osmSourceLine(source, f) as FactSourceLine];
  return [
    {
      source: f.t('detail:sources.hoursChecked', {
        date: f.date(source.checked),
        source: f.t(`detail:sources.${source.source}`),
      }),
    },
  ];
}
