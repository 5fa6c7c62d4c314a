/** Where the search by hobbies goes: the attractions list with only the chosen (non-zero) filters. */
export function hobbySearchUrl(tourismType: number, district: number): string {
  const params = new URLSearchParams();
  if (tourismType) params.set('tourism_type', String(tourismType));
  if (district) params.set('district', String(district));
  const query = params.toString();
  return query ? `/attractions/list?${query}` : '/attractions/list';
}
