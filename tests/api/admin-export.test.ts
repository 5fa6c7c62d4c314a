import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { docToText, isRichDoc } from '../../common/rich-text.js';
import { fieldColumnSql } from '../../server/db/section-sql.js';
import type { DatabaseKind, TestApp } from '../helpers/app.js';
import type { StaffBrowser } from '../helpers/staff.js';

// A section exported as a spreadsheet (server/modules/admin/content/export.ts): the CSV and the
// XLSX read back to what the database holds, item by item and field by field, in three languages.
// The tourist information centres' module gets one more line for this file (a dress code, a
// translated text), as tests/api/section-field.test.ts does: the export must have its columns
// with no other change.

const dressCode = { name: 'dress_code', kind: 'text' } as const;

/** This file's workers keep modules between files (vitest.config.ts): the changed module is put in place first. */
const moduleWithField = '../../common/sections/tourist-information-centers.js';
async function importWithField() {
  vi.doMock(moduleWithField, async (importOriginal) => {
    const original = (await importOriginal()) as {
      default: { detail: object };
      backOffice: { edit: { fields: unknown[] } };
    };
    const { placeFields } = await import('../../common/sections/base.js');
    const { default: description, backOffice } = original;
    return {
      // shown on its detail page, after its facts
      default: { ...description, detail: { ...description.detail, texts: [dressCode.name] } },
      backOffice: { ...backOffice, edit: { ...backOffice.edit, fields: placeFields(dressCode) } },
    };
  });
  vi.resetModules();
  return {
    ...(await import('../helpers/app.js')),
    ...(await import('../helpers/staff.js')),
  };
}

const section = 'tourist-information-centers';
/** tests/helpers/app.ts's databaseKinds, without importing the helpers before the module is changed. */
const databaseKinds: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A document's value under an export column, as the import will read it: `<field>.<lang>` a
 * language of a translated text, lists joined by `;`, structured values as JSON, empty as ''.
 */
function expectedCell(document: Record<string, unknown>, column: string): string {
  const [field = '', lang] = column.split('.');
  const value = lang ? (document[field] as Record<string, string> | null)?.[lang] : document[field];
  if (value === null || value === undefined) return '';
  // a rich text (a description) in its readable text form, which the import reads back
  if (isRichDoc(value)) return docToText(value);
  if (Array.isArray(value) && field !== 'path') return value.join(';');
  if (typeof value === 'object' || field === 'path') return JSON.stringify(value);
  return String(value);
}

/** What a spreadsheet must not run: a text starting with = + - @ gets a leading quote in CSV. */
const defused = (s: string) => (/^[=+\-@]/.test(s) ? `'${s}` : s);

describe.each(databaseKinds)('a section exported as a spreadsheet on %s', (kind) => {
  let t: TestApp;
  let editor: StaffBrowser;
  /** The section's items as the editing API gives them, by id. */
  const items = new Map<
    number,
    { status: string; version: number; publish_at: string | null; document: Record<string, unknown> }
  >();
  const download = (url: string, cookie = editor.cookie) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {}, remoteAddress: editor.address });

  beforeAll(async () => {
    const { createTestApp, makeStaff, StaffBrowser } = await importWithField();
    t = await createTestApp(kind);
    await sql.raw(fieldColumnSql(dressCode)).execute(t.database.db);
    await makeStaff(t.database.db, 'ed@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('ed@lenobl.test');

    // one item made a draft, named in three languages, one of them formula-looking, with the new field
    const list = await editor.request('GET', `/api/admin/content/${section}?per_page=100&sort=id&order=asc`);
    expect(list.body.count).toBeLessThanOrEqual(100);
    const first = list.body.results[0].id as number;
    const item = (await editor.request('GET', `/api/admin/content/${section}/${first}`)).body;
    const saved = await editor.request('PUT', `/api/admin/content/${section}/${first}`, {
      version: item.version,
      status: 'draft',
      document: {
        ...item.document,
        name: { ru: '=HYPERLINK("http://example.com","Центр")', en: '@SUM(1,2)', zh: '旅游信息中心，"引号"' },
        dress_code: { ru: 'Без пляжной одежды', en: 'No beachwear, please', zh: '请勿穿泳装' },
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    for (const row of list.body.results as { id: number }[]) {
      const one = (await editor.request('GET', `/api/admin/content/${section}/${row.id}`)).body;
      items.set(row.id, one);
    }
  });
  afterAll(async () => {
    await t?.close();
    vi.doUnmock(moduleWithField);
    vi.resetModules();
  });

  it('is CSV with a byte order mark that parses back to every item and field, the new field included', async () => {
    const res = await download(`/api/admin/export/${section}.csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="${section}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    // UTF-8 with the byte order mark Excel needs to read it as UTF-8
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body).toContain('\r\n');

    const [header, ...rows] = parse(res.rawPayload, { bom: true }) as string[][];
    expect(header?.slice(0, 7)).toEqual([
      'id',
      'status',
      'publish_at',
      'version',
      'name.ru',
      'name.en',
      'name.zh',
    ]);
    // the field added in one line is three columns, one per language, side by side
    const at = header?.indexOf('dress_code.ru') ?? -1;
    expect(at).toBeGreaterThan(0);
    expect(header?.slice(at, at + 3)).toEqual(['dress_code.ru', 'dress_code.en', 'dress_code.zh']);
    expect(header).toEqual(
      expect.arrayContaining(['district_id', 'city_id', 'lat', 'lon', 'images', 'opening_hours']),
    );

    expect(rows.map((r) => Number(r[0]))).toEqual([...items.keys()].sort((a, b) => a - b));
    for (const row of rows) {
      const item = items.get(Number(row[0]));
      if (!item) throw new Error(`no item ${row[0]}`);
      const expected = header?.map((column) =>
        column === 'id'
          ? String(row[0])
          : column === 'status'
            ? item.status
            : column === 'publish_at'
              ? (item.publish_at ?? '')
              : column === 'version'
                ? String(item.version)
                : defused(expectedCell(item.document, column)),
      );
      expect(row).toEqual(expected);
    }

    const draft = rows.find((r) => r[1] === 'draft');
    const col = (name: string) => draft?.[header?.indexOf(name) ?? -1];
    // the formulas are texts with a leading quote; Chinese and Cyrillic intact, commas and quotes kept
    expect(col('name.ru')).toBe(`'=HYPERLINK("http://example.com","Центр")`);
    expect(col('name.en')).toBe(`'@SUM(1,2)`);
    expect(col('name.zh')).toBe('旅游信息中心，"引号"');
    expect([col('dress_code.ru'), col('dress_code.en'), col('dress_code.zh')]).toEqual([
      'Без пляжной одежды',
      'No beachwear, please',
      '请勿穿泳装',
    ]);
  });

  it('is an XLSX workbook with the same cells, values exact and never formulas', async () => {
    const res = await download(`/api/admin/export/${section}.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values: string[][] = [];
    sheet.eachRow((row) => {
      const cells: string[] = [];
      for (let i = 1; i <= sheet.columnCount; i++) {
        const cell = row.getCell(i);
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        cells.push(cell.value === null || cell.value === undefined ? '' : String(cell.value));
      }
      values.push(cells);
    });
    const csv = await download(`/api/admin/export/${section}.csv`);
    const [header, ...rows] = parse(csv.rawPayload, { bom: true }) as string[][];
    expect(values[0]).toEqual(header);
    // the same cells as the CSV, where the XLSX keeps a formula-looking text as it is
    expect(values.slice(1)).toEqual(rows.map((r) => r.map((c) => c.replace(/^'(?=[=+\-@])/, ''))));
    const draft = values.find((r) => r[1] === 'draft');
    expect(draft?.[header?.indexOf('name.ru') ?? -1]).toBe('=HYPERLINK("http://example.com","Центр")');
    // ids and numbers are numbers
    expect(typeof sheet.getRow(2).getCell(1).value).toBe('number');
  });

  it('has the new field only in the section whose module has it', async () => {
    const res = await download('/api/admin/export/caterings.csv');
    expect(res.statusCode).toBe(200);
    const [header] = parse(res.rawPayload, { bom: true, to: 1 }) as string[][];
    expect(header).toContain('name.zh');
    expect(header).not.toContain('dress_code.ru');
  });

  it('is a 404 JSON error for a section that is not there, a 401 without a session, a 403 for what admins edit', async () => {
    const unknown = await download('/api/admin/export/nowhere.csv');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'not_found' });
    const anonymous = await download(`/api/admin/export/${section}.xlsx`, '');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ code: 'sign_in_needed' });
    const districts = await download('/api/admin/export/district.csv');
    expect(districts.statusCode).toBe(403);
    expect(districts.json()).toMatchObject({ code: 'admin_only' });
  });
});
