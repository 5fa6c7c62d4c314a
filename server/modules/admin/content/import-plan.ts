import type { FastifyInstance } from 'fastify';
import { contentSave, type ImportRowT } from '../../../../common/admin-api.js';
import type { AdminErrorCode } from '../../../../common/admin-errors.js';
import {
  contentLanguages,
  type EditableSection,
  type EditorialField,
  editableOf,
  editorialColumns,
  editorialSchema,
  titleOf,
} from '../../../../common/editorial.js';
import { type RichDoc, textToDoc } from '../../../../common/rich-text.js';
import { isTranslatedKind } from '../../../../common/sections/types.js';
import { HttpError } from '../../../lib/errors.js';
import { type BodyValidator, bodyValidator } from '../../../lib/validation.js';
import { staffError } from '../errors.js';
import { checkSave } from './checks.js';
import { type Cell, type Column, exportColumns, fieldColumns } from './export.js';
import type { Sheet, SheetRow } from './import-file.js';
import type { ImportStep, StoredPlan } from './import-repository.js';
import { changesBetween, type Document, type Item, type ItemStatus, type Save } from './repository.js';

// A spreadsheet's rows against a section's items: what each row would change, field by field, and
// why a row is refused. The columns are the export's (server/modules/admin/content/export.ts),
// matched by their header names. A field is changed only when its cells differ from what the
// export writes for the stored value, so a file exported and imported unchanged changes nothing;
// a changed field is read back from its cells and the whole save is checked by the same schema as
// a form's save (compiled as request bodies are) and the same rules (checks.ts).

type Issue = ImportRowT['issues'][number];

const text = (v: Cell | undefined) => (v == null ? '' : String(v));

/** A number as a spreadsheet may hold it (a decimal comma too); anything else is left for the schema to refuse. */
function number(cell: string): unknown {
  const t = cell.trim();
  if (t === '') return null;
  if (/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(t)) return Number(t);
  if (/^-?\d+,\d+$/.test(t)) return Number(t.replace(',', '.'));
  return t;
}

const list = (cell: string) =>
  cell
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

class CellProblem extends Error {
  constructor(
    readonly column: string,
    readonly code: AdminErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** A field's values (document property, value) read from its cells, in fieldColumns' order. */
function parseField(field: EditorialField, columns: Column[], cells: string[]): [string, unknown][] {
  const [cell = ''] = cells;
  switch (field.kind) {
    case 'text':
    case 'long': {
      const value: Record<string, string> = {};
      contentLanguages.forEach((lang, i) => {
        const t = (cells[i] ?? '').trim();
        if (t) value[lang] = t;
      });
      return [[field.name, Object.keys(value).length ? value : null]];
    }
    case 'rich': {
      // a cell holds the readable text form (docToText); the save stores its document
      const value: Record<string, RichDoc> = {};
      contentLanguages.forEach((lang, i) => {
        const t = (cells[i] ?? '').trim();
        if (t) value[lang] = textToDoc(t);
      });
      return [[field.name, Object.keys(value).length ? value : null]];
    }
    case 'point':
      return columns.map((c, i) => [c.header, number(cells[i] ?? '')]);
    case 'integer':
    case 'number':
      return [[field.name, number(cell)]];
    case 'boolean': {
      const t = cell.trim().toLowerCase();
      return [[field.name, t === 'true' ? true : t === 'false' || t === '' ? false : cell]];
    }
    case 'reference':
      return [[field.name, field.many ? list(cell).map(number) : number(cell)]];
    case 'pictures':
      return [['images', list(cell)]];
    case 'hours':
    case 'admission':
    case 'accessibility':
    case 'sources':
    case 'line': {
      const [name = field.name] = columns.map((c) => c.header);
      // no sources given: the save keeps the stored ones, and dates the facts the row changes
      if (cell.trim() === '')
        return [[name, field.kind === 'accessibility' ? {} : field.kind === 'sources' ? undefined : null]];
      try {
        return [[name, JSON.parse(cell)]];
      } catch {
        throw new CellProblem(name, 'import_not_json', `${name}: not valid JSON`);
      }
    }
    default: {
      const t = cell.trim();
      return [[field.name, t === '' ? null : t]];
    }
  }
}

/** A new item's document before its cells: every field empty, as the form's new item. */
function emptyDocument(section: EditableSection): Document {
  const doc: Document = Object.fromEntries(editorialColumns(section).map((c) => [c, null]));
  for (const f of editableOf(section).fields) {
    if (f.kind === 'boolean') doc[f.name] = false;
    else if (f.kind === 'pictures') doc.images = [];
    else if (f.kind === 'accessibility') doc[f.name] = {};
    else if (f.kind === 'reference' && f.many) doc[f.name] = [];
    // a new item's facts get their sources from the save (an import's)
    else if (f.kind === 'sources') delete doc[f.name];
  }
  return doc;
}

/** The column a schema error is about: `name.en` for a language of a text, else the field. */
function columnOfError(
  error: NonNullable<BodyValidator['errors']>[number],
  translated: Set<string>,
): string | null {
  const parts = error.instancePath.split('/').filter(Boolean);
  const missing = error.params?.missingProperty;
  if (typeof missing === 'string') parts.push(missing);
  if (parts[0] !== 'document') return parts[0] ?? null;
  const [, field, second] = parts;
  if (!field) return null;
  if (translated.has(field) && second && (contentLanguages as readonly string[]).includes(second))
    return `${field}.${second}`;
  return field;
}

const schemas = new Map<string, object>();
/** The save's schema of a section, once (its validator is kept by the schema object). */
function saveSchema(section: EditableSection, existing: boolean): object {
  const key = `${section}:${existing}`;
  let schema = schemas.get(key);
  if (!schema) {
    schema = contentSave(editorialSchema(section), existing, editableOf(section).saved === true);
    schemas.set(key, schema);
  }
  return schema;
}

export interface Planned extends StoredPlan {
  counts: { rows: number; changed: number; created: number; unchanged: number; invalid: number };
}

/**
 * The dry run of a sheet over a section's items: per row, changed (with its cells before and
 * after), new (no id), unchanged, or refused (with its reasons); and the saves that applying it
 * makes. An id that is not an item of the section is refused, not created: an id names an
 * existing item, and a mistyped one must not make a second copy of a place.
 */
export async function planImport(
  app: FastifyInstance,
  section: EditableSection,
  sheet: Sheet,
  items: Item[],
): Promise<Planned> {
  const known = new Set(exportColumns(section));
  const index = new Map<string, number>();
  const unknown: string[] = [];
  sheet.header.forEach((h, i) => {
    if (h === '') return;
    if (index.has(h) || unknown.includes(h))
      throw staffError(400, 'import_duplicate_column', `the header has the column ${h} twice`, {
        params: { column: h },
      });
    if (known.has(h)) index.set(h, i);
    else unknown.push(h);
  });
  if (!index.has('id'))
    throw staffError(
      400,
      'import_no_id_column',
      'the header has no id column: export the section and edit that file (an empty id makes a new item)',
    );

  const kind = editableOf(section);
  const title = titleOf(section);
  const translated = new Set(kind.fields.filter((f) => isTranslatedKind(f.kind)).map((f) => f.name));
  const fields = kind.fields.map((field) => {
    const columns = fieldColumns(field);
    return { field, columns, at: columns.map((c) => index.get(c.header)) };
  });
  const byId = new Map(items.map((i) => [i.id, i]));
  const seen = new Map<number, number>();
  const keys = kind.fields.filter((f) => f.kind === 'key').map((f) => f.name);
  const keysSeen = new Map<string, number>();

  const rows: ImportRowT[] = [];
  const steps: ImportStep[] = [];
  const counts = { rows: sheet.rows.length, changed: 0, created: 0, unchanged: 0, invalid: 0 };
  const cellAt = (row: SheetRow, column: string) => {
    const i = index.get(column);
    return i === undefined ? undefined : (row.cells[i] ?? '');
  };

  for (const row of sheet.rows) {
    const issues: Issue[] = [];
    const issue = (column: string | null, code: AdminErrorCode, message: string, params?: Issue['params']) =>
      issues.push({ column, code, message, ...(params ? { params } : {}) });
    if (row.width !== undefined)
      issue(null, 'import_row_length', `the row has ${row.width} cells, the header ${sheet.header.length}`, {
        cells: row.width,
        columns: sheet.header.length,
      });
    for (const [c, address] of row.formulas)
      issue(
        sheet.header[c] ?? null,
        'import_formula',
        `cell ${address} is a formula: put its value instead`,
        {
          cell: address,
        },
      );

    const idCell = (cellAt(row, 'id') ?? '').trim();
    let item: Item | null = null;
    if (idCell !== '') {
      const id = /^\d{1,9}$/.test(idCell) ? Number(idCell) : null;
      if (id === null) issue('id', 'import_bad_id', `id "${idCell}" is not an id`, { value: idCell });
      else if (seen.has(id))
        issue('id', 'import_duplicate_id', `id ${id} is also in row ${seen.get(id)}`, {
          id,
          row: seen.get(id) ?? 0,
        });
      else if (!byId.has(id))
        issue(
          'id',
          'import_unknown_id',
          `${section} has no item ${id}: leave the id empty to add a new item`,
          { id },
        );
      else item = byId.get(id) ?? null;
      if (id !== null && !seen.has(id)) seen.set(id, row.row);
    } else if (kind.create === false) {
      issue(
        'id',
        'import_cannot_create',
        `${section} cannot have new items: every row needs the id of its item`,
      );
    }

    const before: Document = item ? item.document : emptyDocument(section);
    const document: Document = { ...before };
    for (const { field, columns, at } of fields) {
      if (at.every((i) => i === undefined)) continue;
      const old = columns.map((c) => (item ? text(c.value(before)) : ''));
      const cells = at.map((i, n) => (i === undefined ? (old[n] ?? '') : (row.cells[i] ?? '')));
      if (at.some((i) => i !== undefined && row.formulas.has(i))) continue;
      if (item && cells.every((c, n) => c === old[n])) continue;
      try {
        for (const [name, value] of parseField(field, columns, cells)) {
          if (value === undefined) delete document[name];
          else document[name] = value;
        }
      } catch (err) {
        if (!(err instanceof CellProblem)) throw err;
        issue(err.column, err.code, err.message);
      }
    }

    const statusCell = cellAt(row, 'status')?.trim();
    const status = (statusCell || (item?.status ?? (kind.saved ? 'published' : 'draft'))) as ItemStatus;
    const publishCell = cellAt(row, 'publish_at')?.trim();
    const publishAt =
      publishCell === undefined ? (item?.publish_at ?? null) : publishCell === '' ? null : publishCell;
    const save: Save = { status, publish_at: status === 'scheduled' ? publishAt : null, document };

    const changes = changesBetween(item ? before : emptyDocument(section), document);
    const changed =
      !item ||
      Object.keys(changes).length > 0 ||
      save.status !== item.status ||
      (save.publish_at ?? null) !== (item.publish_at ?? null);
    const versionCell = (cellAt(row, 'version') ?? '').trim();
    if (item && changed && versionCell !== '' && versionCell !== String(item.version))
      issue(
        'version',
        'import_version_old',
        `item ${item.id} was saved after the file was made (version ${item.version}, the file's ${versionCell}): export it again`,
        {
          id: item.id,
          stored: item.version,
          file: versionCell,
        },
      );

    if (item && !changed && !issues.length) {
      counts.unchanged++;
      continue;
    }

    // the same schema as a form's save, then the same rules
    if (!issues.some((i) => i.code === 'import_not_json')) {
      const body = item
        ? {
            version: item.version,
            status: save.status,
            publish_at: save.publish_at,
            document: structuredClone(document),
          }
        : { status: save.status, publish_at: save.publish_at, document: structuredClone(document) };
      const validate = bodyValidator(saveSchema(section, item !== null));
      if (!validate(body)) {
        const named = new Set<string | null>();
        for (const e of validate.errors ?? []) {
          const column = columnOfError(e, translated);
          if (named.has(column) || e.keyword === 'anyOf') continue;
          named.add(column);
          issue(column, 'invalid_value', `${column ?? 'row'} ${e.message ?? 'is not valid'}`, {
            field: column ?? '',
          });
        }
      } else if (!issues.length) {
        try {
          await checkSave(app, section, save, item?.id ?? null);
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          const extra = (err.extra ?? {}) as {
            code?: AdminErrorCode;
            field?: string;
            params?: Issue['params'];
          };
          issue(extra.field ?? null, extra.code ?? 'invalid_value', err.message, extra.params);
        }
      }
    }
    for (const k of keys) {
      const value = document[k];
      if (typeof value !== 'string') continue;
      const other = keysSeen.get(value);
      if (other !== undefined && !issues.length)
        issue(k, 'key_taken', `row ${other} has the same ${k} "${value}"`, { value });
      keysSeen.set(value, row.row);
    }

    const name = ((document[title] ?? before[title]) as Record<string, string> | null)?.ru ?? '';
    const diff = fields.flatMap(({ columns }) =>
      columns.flatMap((c) => {
        const o = item ? text(c.value(before)) : '';
        const n = text(c.value(document));
        return o === n ? [] : [{ column: c.header, old: o, new: n }];
      }),
    );
    if (item && save.status !== item.status)
      diff.unshift({ column: 'status', old: item.status, new: save.status });
    if (item && (save.publish_at ?? null) !== (item.publish_at ?? null))
      diff.unshift({ column: 'publish_at', old: item.publish_at ?? '', new: save.publish_at ?? '' });
    if (!item && save.status) diff.unshift({ column: 'status', old: '', new: save.status });

    const kindOf: ImportRowT['kind'] = issues.length ? 'invalid' : item ? 'changed' : 'created';
    counts[kindOf === 'invalid' ? 'invalid' : kindOf]++;
    rows.push({
      row: row.row,
      id: item?.id ?? (idCell && /^\d+$/.test(idCell) ? Number(idCell) : null),
      name,
      kind: kindOf,
      changes: diff,
      issues,
    });
    if (kindOf !== 'invalid')
      steps.push({
        row: row.row,
        id: item?.id ?? null,
        base: item?.version ?? null,
        before: item ? { status: item.status, publish_at: item.publish_at, document: item.document } : null,
        after: save,
      });
  }
  return { counts, unknown_columns: unknown, rows, steps };
}
