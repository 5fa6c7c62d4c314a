/** The query string of `search` with `key` set (or removed for null), other parameters kept. */
export function withParam(search: URLSearchParams, key: string, value: string | number | null): string {
  const next = new URLSearchParams(search);
  if (value === null) next.delete(key);
  else next.set(key, String(value));
  next.delete('page');
  const text = next.toString();
  return text ? `?${text}` : '';
}
