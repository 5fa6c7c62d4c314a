import { useQuery } from '@tanstack/react-query';
import { useLocaleState } from 'react-admin';
import type { ReferenceSource } from '../../../common/editorial';

/** One choice of a directory; a town also says its district. */
export interface DirectoryChoice {
  id: number;
  name: string;
  district?: number;
}

const pathOf = (source: ReferenceSource) =>
  source === 'tourism-type' ? '/api/tourism-type/' : `/api/directory/${source}/`;

/**
 * A directory's entries in the back office's language, from the public API (`/api/directory/…`
 * answers a list, `/api/tourism-type/` a list or a page): read once per language and kept, since a
 * directory changes far less often than a form is opened.
 */
export function useDirectory(source: ReferenceSource) {
  const [locale] = useLocaleState();
  return useQuery({
    queryKey: ['directory', source, locale],
    staleTime: 10 * 60_000,
    queryFn: async (): Promise<DirectoryChoice[]> => {
      const res = await fetch(pathOf(source), {
        headers: { accept: 'application/json', 'accept-language': locale },
        credentials: 'same-origin',
      });
      if (!res.ok) throw new Error(`${pathOf(source)}: ${res.status}`);
      const body = (await res.json()) as DirectoryChoice[] | { results: DirectoryChoice[] };
      const rows = Array.isArray(body) ? body : body.results;
      return rows.map((r) => ({
        id: r.id,
        name: r.name,
        ...(r.district !== undefined ? { district: r.district } : {}),
      }));
    },
  });
}
