import type { DataProvider, I18nProvider, Identifier, RaRecord } from 'react-admin';
import { errorText } from './error-text';
import { ApiError, api } from './http';

/**
 * How one resource is written. Content items are saved whole with PUT, based on the version the
 * form was given; the staff accounts take PATCH with the changed fields only.
 */
export interface ResourceOptions {
  /** Below /api/admin; the resource's name by default (`content/news` → /api/admin/content/news). */
  path?: string;
  update?: 'put' | 'patch';
  /** Fields the server gives but an update never takes back (a new item may send them). */
  readOnly?: readonly string[];
}

/** Fields of every item that are the server's: never sent back, except `version` (see below). */
const serverFields = ['id', 'version', 'updated_at', 'created_at', 'missing'];

/** A list answer of /api/admin/: one page of items and how many match in all. */
interface ListAnswer<T> {
  count: number;
  results: T[];
}

const query = (params: Record<string, unknown>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The fields of `data` whose value differs from `previous` (what a PATCH sends). */
function changedFields(data: Record<string, unknown>, previous: Record<string, unknown> | undefined) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!previous || JSON.stringify(previous[key]) !== JSON.stringify(value)) out[key] = value;
  }
  return out;
}

/**
 * The back office's data provider: resource `r` is /api/admin/`r` (or its `path`).
 * - getList: `?page=&per_page=&sort=&order=&q=` plus each filter as its own parameter; the answer
 *   is `{count, results}`.
 * - getOne: `GET /r/:id`; create: `POST /r`; update: `PUT /r/:id` (the item's fields and the
 *   `version` it was read at) or `PATCH /r/:id` (the changed fields); delete: `DELETE /r/:id`.
 * - A 409 of a save (someone else saved since) carries `current` (the stored item) and `changed`
 *   (the fields they changed): its message says which, in the back office's language, and the
 *   error keeps both for a screen that offers to compare.
 * Items have numeric `id`s.
 */
export function createDataProvider(
  i18n: Pick<I18nProvider, 'translate'>,
  resources: Record<string, ResourceOptions> = {},
): DataProvider {
  const pathOf = (resource: string) => `/${resources[resource]?.path ?? resource}`;
  const itemPath = (resource: string, id: Identifier) =>
    `${pathOf(resource)}/${encodeURIComponent(String(id))}`;

  /**
   * Puts a failed call into the back office's words (react-admin shows `message`): a 409 of a save
   * with the changed fields (their labels where the resource has them), else what errorText says.
   */
  const explained = (resource: string, error: unknown): never => {
    if (error instanceof ApiError && error.status === 409 && Array.isArray(error.body.changed)) {
      const fields = error.body.changed
        .map((field) => i18n.translate(`resources.${resource}.fields.${field}`, { _: field }))
        .join(', ');
      error.message = i18n.translate('admin.errors.conflict', { fields: fields || '—' });
    } else if (error instanceof ApiError && error.status !== 401) {
      // `document.phone`, `document.name.en`: the field's label is the resource's `phone`, `name`
      const label = (field: string) => {
        const name = field.replace(/^document\./, '').split('.')[0] ?? field;
        return i18n.translate(`resources.${resource}.fields.${name}`, { _: name });
      };
      error.message = errorText(i18n.translate, error, label);
      // react-admin's form shows it under the field's input
      if (error.body.field) error.body.errors = { [error.body.field]: error.message };
    }
    throw error;
  };

  const writable = (resource: string, data: Record<string, unknown>, update = true) => {
    const skip = new Set([...serverFields, ...(update ? (resources[resource]?.readOnly ?? []) : [])]);
    return Object.fromEntries(Object.entries(data).filter(([key]) => !skip.has(key)));
  };

  const getOne = async (resource: string, id: Identifier) =>
    api<RaRecord>('GET', itemPath(resource, id)).catch((error: unknown) => explained(resource, error));

  const getList = async (resource: string, params: Parameters<DataProvider['getList']>[1]) => {
    const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
    const answer = await api<ListAnswer<RaRecord>>(
      'GET',
      `${pathOf(resource)}${query({
        page,
        per_page: perPage,
        ...(params.sort?.field ? { sort: params.sort.field, order: params.sort.order.toLowerCase() } : {}),
        ...params.filter,
      })}`,
    ).catch((error: unknown) => explained(resource, error));
    return { data: answer.results, total: answer.count };
  };

  const update = async (resource: string, params: Parameters<DataProvider['update']>[1]) => {
    const previous = params.previousData as Record<string, unknown> | undefined;
    const data = params.data as Record<string, unknown>;
    const patch = resources[resource]?.update === 'patch';
    const body = patch ? writable(resource, changedFields(data, previous)) : writable(resource, data);
    // The version the form was given goes back with the save: the server refuses it (409) when
    // someone else saved in between, instead of overwriting their change.
    const version = previous?.version ?? data.version;
    if (version !== undefined) body.version = version;
    try {
      return await api<RaRecord>(patch ? 'PATCH' : 'PUT', itemPath(resource, params.id), body);
    } catch (error) {
      return explained(resource, error);
    }
  };

  return {
    // The records are the server's JSON: react-admin's generic record types are the caller's claim.
    getList: async (resource, params) => (await getList(resource, params)) as never,

    getOne: async (resource, params) => ({ data: (await getOne(resource, params.id)) as never }),

    getMany: async (resource, params) => ({
      data: (await Promise.all(params.ids.map((id) => getOne(resource, id)))) as never,
    }),

    getManyReference: async (resource, params) =>
      (await getList(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      })) as never,

    create: async (resource, params) => {
      try {
        return {
          data: (await api<RaRecord>(
            'POST',
            pathOf(resource),
            writable(resource, params.data, false),
          )) as never,
        };
      } catch (error) {
        return explained(resource, error);
      }
    },

    update: async (resource, params) => ({ data: (await update(resource, params)) as never }),

    updateMany: async (resource, params) => {
      const done: Identifier[] = [];
      for (const id of params.ids) {
        await update(resource, { id, data: params.data, previousData: undefined as never });
        done.push(id);
      }
      return { data: done };
    },

    delete: async (resource, params) => {
      const version = (params.previousData as Record<string, unknown> | undefined)?.version;
      try {
        await api('DELETE', `${itemPath(resource, params.id)}${query({ version })}`);
      } catch (error) {
        return explained(resource, error);
      }
      return { data: params.previousData as never };
    },

    deleteMany: async (resource, params) => {
      for (const id of params.ids) await api('DELETE', itemPath(resource, id));
      return { data: params.ids };
    },
  };
}
