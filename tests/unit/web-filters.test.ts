import { describe, expect, it } from 'vitest';
import {
  ALL,
  activeCount,
  changedQuery,
  type FilterGroup,
  filterQuery,
  matchingItems,
  previewItems,
  selectionOf,
  toggleAll,
  toggleItem,
  withSelection,
} from '../../web/features/section-list/filter-model';
import {
  apiFilterParams,
  emptyState,
  entryRedirect,
  isNarrowed,
  keptFields,
  type ListState,
  listSearch,
  parseListState,
  type StateShape,
  stateFilterQuery,
} from '../../web/features/section-list/list-state';
import { listParams, sectionConfig, stateShape } from '../../web/features/section-list/section-config';
import { mapStateSearch, parseMapState } from '../../web/lib/map/map-data';

const group = (id: string, ids: number[], active: number[] = []): FilterGroup => ({
  id,
  label: id,
  allText: `${id}Plural`,
  data: ids.map((n) => ({ id: n, label: `${id} ${n}`, active: active.includes(n) })),
});
const actives = (groups: FilterGroup[], id: string) =>
  groups
    .find((g) => g.id === id)
    ?.data.filter((i) => i.active)
    .map((i) => i.id);

describe('filter model: toggling', () => {
  const groups = [group('type', [1, 2, 3]), group('district', [4, 5])];

  it('flips one item and leaves the input and the other groups alone', () => {
    const once = toggleItem(groups, 'type', 2);
    expect(actives(once, 'type')).toEqual([2]);
    expect(actives(groups, 'type')).toEqual([]);
    expect(once[1]).toBe(groups[1]);
    expect(actives(toggleItem(once, 'type', 2), 'type')).toEqual([]);
  });

  it('forces an item on when asked, even when it is on already', () => {
    const on = toggleItem(groups, 'type', 3, true);
    expect(actives(on, 'type')).toEqual([3]);
    expect(actives(toggleItem(on, 'type', 3, true), 'type')).toEqual([3]);
  });

  it('"all" turns every item off when all are on', () => {
    const all = [group('type', [1, 2, 3], [1, 2, 3])];
    expect(actives(toggleAll(all, 'type'), 'type')).toEqual([]);
    expect(actives(toggleItem(all, 'type', ALL), 'type')).toEqual([]);
  });

  it('"all" turns every item on when some or none are on', () => {
    expect(actives(toggleAll([group('type', [1, 2, 3], [2])], 'type'), 'type')).toEqual([1, 2, 3]);
    expect(actives(toggleAll([group('type', [1, 2, 3])], 'type'), 'type')).toEqual([1, 2, 3]);
  });

  it('ignores unknown groups and items', () => {
    expect(toggleItem(groups, 'nope', 1)).toEqual(groups);
    expect(toggleItem(groups, 'type', 99)).toEqual(groups);
  });

  it('marks a selection and reads it back', () => {
    const marked = withSelection(groups, { type: [3, 1], district: [5, 77] });
    expect(selectionOf(marked)).toEqual({ type: [1, 3], district: [5] });
    expect(activeCount(marked)).toBe(3);
  });
});

describe('filter model: long groups in the phone sheet', () => {
  const towns = group('city', [1, 2, 3, 4, 5, 6, 7, 8], [7]);
  towns.data = towns.data.map((item, i) => ({
    ...item,
    label:
      ['Выборг', 'Пикалёво', 'Новая Ладога', 'Старая Ладога', 'Кириши', 'Тихвин', 'Подпорожье', 'Сясьстрой'][
        i
      ] ?? '',
  }));

  it('finds items by every word of the query, in any case, ё as е', () => {
    expect(matchingItems(towns.data, 'ладога').map((i) => i.id)).toEqual([3, 4]);
    expect(matchingItems(towns.data, ' ладога  СТАР ').map((i) => i.id)).toEqual([4]);
    expect(matchingItems(towns.data, 'пикалево').map((i) => i.id)).toEqual([2]);
    expect(matchingItems(towns.data, '  ')).toHaveLength(8);
  });

  it('shows the first items and every selected one further down', () => {
    expect(previewItems(towns.data, 3).map((i) => i.id)).toEqual([1, 2, 3, 7]);
  });
});

describe('filter model: the query', () => {
  it('joins ids with commas per group, repeats way_to_travel, leaves out empty groups', () => {
    const groups = [
      group('type', [1, 2, 3], [3, 1]),
      group('way_to_travel', [1, 2, 3], [1, 2]),
      group('tourism_type', [5, 6]),
      group('district', [7, 8], [8]),
    ];
    expect(filterQuery(groups)).toBe('type__in=1,3&way_to_travel=1&way_to_travel=2&district__in=8');
    expect(filterQuery([group('type', [1])])).toBe('');
  });

  it('is applied only when it differs from the current one', () => {
    const groups = [group('district', [1, 2], [2])];
    expect(changedQuery('district__in=2', groups)).toBeNull();
    expect(changedQuery('', groups)).toBe('district__in=2');
    expect(changedQuery('district__in=2', toggleItem(groups, 'district', 2))).toBe('');
    // Forcing an item that is already on changes nothing.
    expect(changedQuery('district__in=2', toggleItem(groups, 'district', 2, true))).toBeNull();
  });
});

describe('list state in the URL', () => {
  const shape: StateShape = {
    groups: ['type', 'way_to_travel', 'district', 'city'],
    practical: [],
    search: true,
    dateRange: false,
  };
  const state: ListState = {
    filters: { district: [3, 5], way_to_travel: [2, 1] },
    practical: [],
    search: 'крепость Выборг',
    dateFrom: '',
    dateTo: '',
    past: false,
    openAt: '',
    page: 2,
  };

  it('writes the API encoding: filters in group order, then search and page', () => {
    expect(listSearch(state, shape)).toBe(
      '?way_to_travel=2&way_to_travel=1&district__in=3,5&search=%D0%BA%D1%80%D0%B5%D0%BF%D0%BE%D1%81%D1%82%D1%8C+%D0%92%D1%8B%D0%B1%D0%BE%D1%80%D0%B3&page=2',
    );
    expect(listSearch({ ...state, filters: {}, search: '', page: 1 }, shape)).toBe('');
  });

  it('round-trips through the URL', () => {
    const text = listSearch(state, shape);
    const back = parseListState(new URLSearchParams(text), shape);
    expect(back).toEqual({ ...state, filters: { district: [3, 5], way_to_travel: [1, 2] } });
    expect(listSearch(back, shape)).toBe(
      listSearch({ ...state, filters: { district: [3, 5], way_to_travel: [1, 2] } }, shape),
    );
  });

  it('keeps parameters it does not own (the language) and drops what the section lacks', () => {
    const url = new URLSearchParams('lng=en&kitchen_type__in=4&district__in=2&page=3');
    const parsed = parseListState(url, shape);
    expect(parsed.filters).toEqual({ district: [2] });
    expect(listSearch({ ...parsed, page: 1 }, shape, url)).toBe('?district__in=2&lng=en');
  });

  it('keeps the practical filters the section offers as yes/no switches, in its order', () => {
    const places: StateShape = { ...shape, practical: ['free', 'open_now', 'step_free'] };
    const on: ListState = { ...state, filters: {}, search: '', page: 1, practical: ['step_free', 'free'] };
    expect(listSearch(on, places)).toBe('?free=true&step_free=true');
    const back = parseListState(new URLSearchParams('step_free=true&free=true&open_now=no'), places);
    expect(back.practical).toEqual(['free', 'step_free']);
    // a section that does not offer them drops them
    expect(parseListState(new URLSearchParams('free=true'), shape).practical).toEqual([]);
    expect(listSearch({ ...on }, shape, new URLSearchParams('free=true&lng=en'))).toBe('?lng=en');
    expect(isNarrowed({ ...emptyState, practical: ['open_now'] })).toBe(true);
  });

  it('reads the form the filters send without JavaScript (a key per checked box) as the same state', () => {
    // <input type=checkbox name=district__in value=3> and value=5 checked, way_to_travel twice.
    const form = new URLSearchParams(
      'district__in=3&district__in=5&way_to_travel=2&way_to_travel=1&search=x',
    );
    expect(parseListState(form, shape).filters).toEqual({ district: [3, 5], way_to_travel: [1, 2] });
  });

  it('gives the filter form the search and the parameters it does not own as hidden fields, the language its own', () => {
    const url = new URLSearchParams('lng=en&district__in=2&search=old&page=3&utm=a&utm=a');
    // The language is the form's LangField: the page's, which the URL may not name.
    expect(keptFields({ ...state, search: 'крепость' }, shape, url)).toEqual([
      ['search', 'крепость'],
      ['utm', 'a'],
    ]);
    expect(keptFields({ ...state, search: '' }, { ...shape, search: false }, new URLSearchParams())).toEqual(
      [],
    );
  });

  it('ignores malformed values instead of failing', () => {
    const parsed = parseListState(
      new URLSearchParams('district__in=1,x,-3,0,2,2&page=abc&way_to_travel=1;drop&search=%20a%20'),
      shape,
    );
    expect(parsed).toEqual({
      filters: { district: [1, 2] },
      practical: [],
      search: 'a',
      dateFrom: '',
      dateTo: '',
      past: false,
      openAt: '',
      page: 1,
    });
  });

  it('reads the dates of the events list, drops a range that ends before it starts, cuts one longer than a year', () => {
    const events = stateShape('events');
    expect(
      parseListState(new URLSearchParams('date_from=2026-12-01&date_to=2026-12-31'), events),
    ).toMatchObject({
      dateFrom: '2026-12-01',
      dateTo: '2026-12-31',
    });
    expect(
      parseListState(new URLSearchParams('date_from=2026-12-01&date_to=2026-11-01'), events).dateTo,
    ).toBe('');
    expect(parseListState(new URLSearchParams('date_from=2026-02-30'), events).dateFrom).toBe('');
    expect(
      parseListState(new URLSearchParams('date_from=2026-01-01&date_to=2027-01-03'), events).dateTo,
    ).toBe('2027-01-02');
    const past = parseListState(new URLSearchParams('past=true'), events);
    expect(past.past).toBe(true);
    expect(listSearch(past, events)).toBe('?past=true');
    expect(apiFilterParams(past, events)).toEqual({ past: 'true' });
    expect(keptFields(past, events, new URLSearchParams('past=true&lng=en'))).toEqual([['past', 'true']]);
    expect(parseListState(new URLSearchParams('past=true'), shape).past).toBe(false);
    expect(parseListState(new URLSearchParams('date_from=2026-12-01'), shape).dateFrom).toBe('');
  });

  it('gives the list endpoint the same filters, search and offset', () => {
    expect(apiFilterParams(state, shape)).toEqual({
      way_to_travel: [2, 1],
      district__in: '3,5',
      search: 'крепость Выборг',
    });
    const attractions = parseListState(
      new URLSearchParams('tourism_type__in=4&page=3'),
      stateShape('attractions'),
    );
    expect(listParams('attractions', attractions)).toEqual({ limit: 9, offset: 18, tourism_type__in: '4' });
    expect(stateFilterQuery(attractions, stateShape('attractions'))).toBe('tourism_type__in=4');
    expect(isNarrowed(attractions)).toBe(true);
    expect(isNarrowed(parseListState(new URLSearchParams('page=2'), shape))).toBe(false);
  });
});

describe('the entry rule', () => {
  const attractions = stateShape('attractions');
  const at = (path: string) => new URL(`http://portal.test${path}`);

  it('turns tourism_type and district into pre-selected filters in the list encoding', () => {
    expect(entryRedirect(at('/attractions/list?district=5'), attractions)).toBe(
      '/attractions/list?district__in=5',
    );
    expect(entryRedirect(at('/attractions/list?tourism_type=3&district=5'), attractions)).toBe(
      '/attractions/list?tourism_type__in=3&district__in=5',
    );
  });

  it('merges with filters already in the URL, keeps the language and restarts at page 1', () => {
    expect(entryRedirect(at('/attractions/list?district__in=2&district=5&page=4&lng=zh'), attractions)).toBe(
      '/attractions/list?district__in=2,5&lng=zh',
    );
  });

  it('clears what the section cannot filter by, and bad ids', () => {
    expect(entryRedirect(at('/news/list?tourism_type=3&district=x'), stateShape('news'))).toBe('/news/list');
    expect(entryRedirect(at('/residence/list?tourism_type=3&district=2'), stateShape('residence'))).toBe(
      '/residence/list?district__in=2',
    );
  });

  it('does nothing without entry parameters', () => {
    expect(entryRedirect(at('/attractions/list?district__in=5'), attractions)).toBeNull();
    expect(entryRedirect(at('/attractions/list'), attractions)).toBeNull();
  });
});

describe('per-section constants', () => {
  it('gives each list its page size, grid columns and search box', () => {
    const c = sectionConfig;
    expect(c.news).toMatchObject({ limit: 8, filters: [] });
    expect(c.news.columns).toMatchObject({ base: 1, from1100: 2 });
    expect(c.events).toMatchObject({ limit: 8, dateRange: true });
    expect(c.attractions).toMatchObject({ limit: 9 });
    expect(c.attractions.columns.from1100).toBe(3);
    expect(c['popular-places']).toMatchObject({ limit: 12 });
    expect(c['tourist-information-centers']).toMatchObject({ limit: 12 });
    expect(c['tourist-information-centers'].columns).toMatchObject({ base: 2, from1100: 4 });
    expect(c['tourism-type'].search).toBe(false);
    for (const slug of ['routes', 'residence', 'entertainment', 'caterings'] as const) {
      expect(c[slug]).toMatchObject({ limit: 16 });
      expect(c[slug].columns).toMatchObject({ base: 2, from1100: 4 });
    }
  });

  it('filters each list by its type directories, then district and city (news: none)', () => {
    const ids = (slug: keyof typeof sectionConfig) => sectionConfig[slug].filters.map((f) => f.id);
    expect(ids('routes')).toEqual(['type', 'way_to_travel', 'district', 'city']);
    expect(ids('attractions')).toEqual(['type', 'tourism_type', 'district', 'city']);
    expect(ids('residence')).toEqual(['type', 'district', 'city']);
    expect(ids('entertainment')).toEqual(['type', 'district', 'city']);
    expect(ids('caterings')).toEqual(['institution_type', 'kitchen_type', 'district', 'city']);
    expect(ids('events')).toEqual(['tourism_type', 'district', 'city']);
    expect(ids('tourist-information-centers')).toEqual(['district', 'city']);
    expect(ids('news')).toEqual([]);
  });
});

describe('open at a day or moment', () => {
  const attractions = stateShape('attractions');
  const at = (path: string) => new URL(`http://portal.test${path}`);

  it('keeps `open_at` in the URL where "open now" is offered, and asks the API for it', () => {
    const state = parseListState(new URLSearchParams('open_at=2026-12-05T11:00&page=2'), attractions);
    expect(state.openAt).toBe('2026-12-05T11:00');
    expect(isNarrowed(state)).toBe(true);
    expect(listSearch({ ...state, page: 1 }, attractions)).toBe('?open_at=2026-12-05T11:00');
    expect(listParams('attractions', state)).toMatchObject({ open_at: '2026-12-05T11:00' });
    // a day alone
    expect(parseListState(new URLSearchParams('open_at=2026-12-05'), attractions).openAt).toBe('2026-12-05');
    // what is no day or time is left out; a section without "open now" has no such state
    for (const bad of ['2026-02-30', '2026-12-05T24:00', 'saturday'])
      expect(parseListState(new URLSearchParams(`open_at=${bad}`), attractions).openAt).toBe('');
    const residence = stateShape('residence');
    expect(parseListState(new URLSearchParams('open_at=2026-12-05'), residence).openAt).toBe('');
    expect(listSearch({ ...emptyState, openAt: '2026-12-05' }, residence)).toBe('');
  });

  it('joins the form’s day and time (sent without JavaScript) into `open_at`', () => {
    expect(
      entryRedirect(
        at('/attractions/list?free=true&open_date=2026-12-05&open_time=11:00&lng=en'),
        attractions,
      ),
    ).toBe('/attractions/list?free=true&open_at=2026-12-05T11:00&lng=en');
    expect(entryRedirect(at('/attractions/list?open_date=2026-12-05&open_time='), attractions)).toBe(
      '/attractions/list?open_at=2026-12-05',
    );
    // an emptied day clears it; a time alone is no day
    expect(
      entryRedirect(at('/attractions/list?open_at=2026-12-05&open_date=&open_time=11:00'), attractions),
    ).toBe('/attractions/list');
    expect(entryRedirect(at('/attractions/list?open_at=2026-12-05'), attractions)).toBeNull();
  });

  it('keeps `open_at` in the map’s address too', () => {
    const state = parseMapState(new URLSearchParams('layers=attractions&open_at=2026-12-05T11:00'));
    expect(state.openAt).toBe('2026-12-05T11:00');
    expect(mapStateSearch(state)).toBe('layers=attractions&open_at=2026-12-05T11:00');
    expect(parseMapState(new URLSearchParams('open_at=2026-13-01')).openAt).toBe('');
  });
});
