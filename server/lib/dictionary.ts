import type { Kysely } from 'kysely';
import type { RefT } from '../../common/api.js';
import type { Lang } from '../../common/languages.js';
import type { DB, Translated } from '../db/schema.js';
import { tr } from './translate.js';

/**
 * The small, rarely changing reference tables (districts, cities, directories, tourism types) held in
 * memory, so that list rows resolve their references without joins. Refreshed after `ttlMs`.
 */
export type RefKind = 'district' | 'city' | 'tourism-type' | string;

export interface Dictionary {
  ref(kind: RefKind, id: number | null | undefined, lang: Lang): RefT | null;
  refs(kind: RefKind, ids: readonly number[] | null | undefined, lang: Lang): RefT[];
  list(kind: RefKind): { id: number; name: Translated; lat?: number; lon?: number; district?: number }[];
  has(kind: RefKind): boolean;
}

type Entry = { id: number; name: Translated; lat?: number; lon?: number; district?: number };

async function load(db: Kysely<DB>): Promise<Map<RefKind, Map<number, Entry>>> {
  const [districts, cities, items, tourism] = await Promise.all([
    db.selectFrom('districts').select(['id', 'name', 'lat', 'lon']).orderBy('id').execute(),
    db.selectFrom('cities').select(['id', 'name', 'lat', 'lon', 'district_id']).orderBy('id').execute(),
    db.selectFrom('directory_items').select(['kind', 'id', 'name']).orderBy('kind').orderBy('id').execute(),
    db.selectFrom('tourism_types').select(['id', 'name']).orderBy('id').execute(),
  ]);
  const kinds = new Map<RefKind, Map<number, Entry>>();
  const put = (kind: RefKind, e: Entry) => {
    const m = kinds.get(kind) ?? new Map<number, Entry>();
    kinds.set(kind, m);
    m.set(e.id, e);
  };
  for (const d of districts) put('district', d);
  for (const c of cities)
    put('city', { id: c.id, name: c.name, lat: c.lat, lon: c.lon, district: c.district_id });
  for (const i of items) put(i.kind, { id: i.id, name: i.name });
  for (const t of tourism) put('tourism-type', t);
  return kinds;
}

export function createDictionary(db: Kysely<DB>, ttlMs = 60_000) {
  let cached: { at: number; kinds: Map<RefKind, Map<number, Entry>> } | null = null;
  let loading: Promise<Map<RefKind, Map<number, Entry>>> | null = null;

  async function get(): Promise<Dictionary> {
    if (!cached || Date.now() - cached.at > ttlMs) {
      loading ??= load(db).finally(() => {
        loading = null;
      });
      cached = { at: Date.now(), kinds: await loading };
    }
    const kinds = cached.kinds;
    const ref = (kind: RefKind, id: number | null | undefined, lang: Lang): RefT | null => {
      if (id === null || id === undefined) return null;
      const e = kinds.get(kind)?.get(id);
      return e ? { id: e.id, name: tr(e.name, lang) } : null;
    };
    return {
      ref,
      refs: (kind, ids, lang) =>
        (ids ?? []).map((id) => ref(kind, id, lang)).filter((r): r is RefT => r !== null),
      list: (kind) => [...(kinds.get(kind)?.values() ?? [])],
      has: (kind) => kinds.has(kind),
    };
  }
  return {
    get,
    invalidate() {
      cached = null;
    },
  };
}
