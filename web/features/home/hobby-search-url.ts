/**
 * Where the search by hobbies goes: the attractions list with only the chosen (non-zero) filters,
 * already in the list's own URL encoding (docs/decisions/004-list-state-in-the-url.md), so no
 * redirect is needed. Without JavaScript the form sends the `tourism_type`/`district` entry
 * parameters, which the list's loader turns into the same URL.
 */
export function hobbySearchUrl(tourismType: number, district: number): string {
  const parts: string[] = [];
  if (tourismType) parts.push(`tourism_type__in=${tourismType}`);
  if (district) parts.push(`district__in=${district}`);
  return parts.length ? `/attractions/list?${parts.join('&')}` : '/attractions/list';
}
