import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import Type from 'typebox';
import { AdminError } from '../../../../common/admin-api.js';
import {
  contentLanguages,
  type EditableSection,
  type EditorialField,
  editableOf,
  editableSections,
  editorialColumnsOf,
  isEditableSection,
  roleOf,
} from '../../../../common/editorial.js';
import { docToText, type RichValue, richDocOf } from '../../../../common/rich-text.js';
import { fileResponse } from '../../../lib/openapi.js';
import { staffOf } from '../auth/guard.js';
import { staffError, staffNotFound } from '../errors.js';
import { allItems, type Item } from './repository.js';

// A section as a spreadsheet: one row per item (published or not), one column per value of its
// editorial fields (common/editorial.ts, from the section's module), so a field added there is a
// column here with no other change. The columns are the contract of the import that reads these
// files back (docs/decisions/045-section-export.md):
// - `id`, `status`, `publish_at`, `version`, then the fields in the form's order;
// - a translated text is one column per language, `<field>.ru`, `<field>.en`, `<field>.zh`; a rich
//   text (a description) in its readable text form (common/rich-text.ts: docToText);
// - a point is `lat` and `lon`; a reference is the item's id, several references their ids
//   joined by `;` (as are the picture names of `images`);
// - a boolean is `true` or `false`; a date is `YYYY-MM-DD`; an empty value is an empty cell;
// - a structured value (opening hours, admission, accessibility, a route's line)
//   is its JSON, as the editing API takes it.

export type Cell = string | number | null;

/** The values an export writes for a field: its column name and how to read it from a document. */
export interface Column {
  header: string;
  value: (document: Record<string, unknown>) => Cell;
}

const joined = (v: unknown) => (Array.isArray(v) ? v.join(';') : v == null ? null : String(v));

/** The columns of one field, named as editorialColumnsOf names the document's properties. */
export function fieldColumns(field: EditorialField): Column[] {
  const names = editorialColumnsOf({ fields: [field] });
  switch (field.kind) {
    case 'text':
    case 'long':
      return contentLanguages.map((lang) => ({
        header: `${field.name}.${lang}`,
        value: (d) => (d[field.name] as Record<string, string> | null)?.[lang] ?? null,
      }));
    case 'rich':
      // the readable text form: paragraphs, `## ` headings, `- ` and `1. ` lists, `[text](href)`
      // links, **bold** and _italic_, which the import reads back to the same document
      return contentLanguages.map((lang) => ({
        header: `${field.name}.${lang}`,
        value: (d) => {
          const v = (d[field.name] as Record<string, RichValue> | null)?.[lang];
          return v == null || v === '' ? null : docToText(richDocOf(v));
        },
      }));
    case 'hours':
    case 'admission':
    case 'accessibility':
    case 'sources':
    case 'line':
      return names.map((name) => ({
        header: name,
        value: (d) => (d[name] == null ? null : JSON.stringify(d[name])),
      }));
    case 'reference':
    case 'pictures':
      return names.map((name) => ({ header: name, value: (d) => joined(d[name]) }));
    case 'boolean':
      return names.map((name) => ({ header: name, value: (d) => String(d[name] === true) }));
    case 'integer':
    case 'number':
      return names.map((name) => ({
        header: name,
        value: (d) => (typeof d[name] === 'number' ? d[name] : null),
      }));
    default:
      return names.map((name) => ({
        header: name,
        value: (d) => (d[name] == null ? null : String(d[name])),
      }));
  }
}

/** The export's columns of a section: the item's id, state and version, then every field. */
export function exportColumns(section: EditableSection): string[] {
  return [
    'id',
    'status',
    'publish_at',
    'version',
    ...editableOf(section)
      .fields.flatMap(fieldColumns)
      .map((c) => c.header),
  ];
}

/** The export's rows of a section's items, in exportColumns' order. */
function exportRows(section: EditableSection, items: Item[]): Cell[][] {
  const columns = editableOf(section).fields.flatMap(fieldColumns);
  return items.map((item) => [
    item.id,
    item.status,
    item.publish_at,
    item.version,
    ...columns.map((c) => c.value(item.document)),
  ]);
}

/**
 * CSV as spreadsheets open it: UTF-8 with a byte order mark (Excel reads the file as UTF-8 only
 * with it; Cyrillic and Chinese would be garbled otherwise), CRLF lines, a header row. A text
 * starting with = + - @ (or a tab, or their full-width forms) gets a leading `'`, so that a
 * spreadsheet shows it rather than running it as a formula (csv-stringify's `escape_formulas`;
 * numbers, negative ones included, stay numbers).
 */
export function toCsv(header: string[], rows: Cell[][]): string {
  return stringify([header, ...rows], { bom: true, record_delimiter: 'windows', escape_formulas: true });
}

/**
 * An XLSX workbook with one sheet: the header row, frozen, and the rows. Each value is a text or
 * number cell, never a formula (exceljs writes a formula only when given one), so no text needs
 * defusing here and the import reads the values exactly as they are.
 */
export async function toXlsx(section: string, header: string[], rows: Cell[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(section, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const formats = {
  csv: { type: 'text/csv; charset=utf-8', media: 'text/csv' },
  xlsx: {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    media: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
} as const;

const Params = Type.Object({
  section: Type.String({
    description: `An editable kind: ${editableSections.join(', ')}`,
    pattern: '^[a-z][a-z0-9-]*$',
    maxLength: 60,
  }),
});

/** `GET /api/admin/export/{section}.csv` and `.xlsx`: every item of a section as a spreadsheet. */
export const exportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const format of ['csv', 'xlsx'] as const) {
    app.get(
      `/export/:section.${format}`,
      {
        // an export reads every item of a section, however many: staff wait for the file
        config: { staff: 'editor', databaseWait: 'job' },
        schema: {
          tags: ['admin'],
          summary: `Every item of an editable section, published or not, as ${format.toUpperCase()}: a header row, one column per value`,
          params: Params,
          response: {
            200: fileResponse(`the section as ${format.toUpperCase()}`, [formats[format].media], {
              attachment: `{section}-{date}.${format}`,
              ...(format === 'xlsx' ? { binary: true } : {}),
            }),
            401: AdminError,
            403: AdminError,
            404: AdminError,
          },
        },
      },
      async (request, reply) => {
        const { section } = request.params;
        if (!isEditableSection(section)) throw staffNotFound(`section ${section}`);
        // what only admins edit (the directories, the main page), only admins export
        if (roleOf(section) === 'admin' && staffOf(request).role !== 'admin')
          throw staffError(403, 'admin_only', 'only an admin may do this');
        const header = exportColumns(section);
        const rows = exportRows(section, await allItems(app.db, section));
        const day = new Date().toISOString().slice(0, 10);
        reply
          .header('content-type', formats[format].type)
          .header('content-disposition', `attachment; filename="${section}-${day}.${format}"`);
        return reply.send(format === 'csv' ? toCsv(header, rows) : await toXlsx(section, header, rows));
      },
    );
  }
};
