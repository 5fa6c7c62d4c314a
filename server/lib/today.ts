/** The region's local date (Europe/Moscow) as YYYY-MM-DD. */
export function regionToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(now);
}
