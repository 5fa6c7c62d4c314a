// Made once: an Intl formatter with a time zone costs about as much as a small query to create.
const regionDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' });

/** The region's local date (Europe/Moscow) as YYYY-MM-DD. */
export function regionToday(now = new Date()): string {
  return regionDate.format(now);
}
