// CSV as spreadsheets read it (RFC 4180, UTF-8, CRLF), for what the staff export.

/** One CSV field: quoted when needed; a leading = + - @ is defused so spreadsheets do not run it. */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (values: unknown[]) => `${values.map(csvField).join(',')}\r\n`;
