// iCalendar (RFC 5545) for one event: CRLF line ends, lines folded at 75 octets without splitting
// a UTF-8 character, TEXT values escaped. Events are whole days: DTSTART/DTEND are DATE values
// and DTEND is the day after the last day (it is exclusive).

export interface IcsEvent {
  /** Globally unique and stable, e.g. `event-12@portal.example`. */
  uid: string;
  /** The last change of the item: DTSTAMP and LAST-MODIFIED (so the same input gives the same bytes). */
  updated: Date;
  /** YYYY-MM-DD, inclusive. */
  startDate: string;
  endDate: string;
  summary: string;
  description: string;
  location: string | null;
  geo: { lat: number; lon: number } | null;
  url: string;
  /** The language of the texts (ru, en, zh). */
  lang: string;
  /** PRODID: `-//Owner//Product//EN`. */
  prodId: string;
}

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds a content line into lines of at most 75 octets; continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = ' ';
      octets = 1;
      limit = 75;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
const dateValue = (iso: string) => iso.replace(/-/g, '');

function dayAfter(iso: string): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function vevent(event: IcsEvent): string[] {
  const language = `;LANGUAGE=${event.lang}`;
  const stamp = utcStamp(event.updated);
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `DTSTART;VALUE=DATE:${dateValue(event.startDate)}`,
    `DTEND;VALUE=DATE:${dateValue(dayAfter(event.endDate))}`,
    `SUMMARY${language}:${escapeText(event.summary)}`,
    `DESCRIPTION${language}:${escapeText(event.description)}`,
    ...(event.location ? [`LOCATION${language}:${escapeText(event.location)}`] : []),
    ...(event.geo ? [`GEO:${event.geo.lat.toFixed(6)};${event.geo.lon.toFixed(6)}`] : []),
    `URL:${event.url}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ];
}

/** A calendar of several events (a trip plan's), each a VEVENT of its own. */
export function eventsToIcs(events: readonly IcsEvent[], prodId: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...events.flatMap(vevent),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export function eventToIcs(event: IcsEvent): string {
  return eventsToIcs([event], event.prodId);
}
