import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// A section's spreadsheet read back (server/modules/admin/content/import.ts): the export's file
// imported unchanged changes nothing; edited cells are a dry run's diff, applied in one go with
// each item's history naming the file, and undone as a whole; files that cannot be read, rows
// that a form's save would refuse, formulas, items saved meanwhile and staff without the right
// are refused with a code, and nothing changes.

const section = 'attractions';
const csvType = 'text/csv';
const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe.each(databaseKinds)('a section imported from a spreadsheet on %s', (kind) => {
  const s = useTestApp(kind);
  let editor: StaffBrowser;
  let admin: StaffBrowser;

  beforeAll(async () => {
    await makeStaff(s.t.database.db, 'ed@lenobl.test', 'editor');
    await makeStaff(s.t.database.db, 'adm@lenobl.test', 'admin');
    editor = new StaffBrowser(s.t.app);
    admin = new StaffBrowser(s.t.app);
    expect((await editor.signIn('ed@lenobl.test')).status).toBe(200);
    expect((await admin.signIn('adm@lenobl.test')).status).toBe(200);
  });

  const exported = async (format: 'csv' | 'xlsx', of = section, who = editor) => {
    const res = await s.t.app.inject({
      url: `/api/admin/export/${of}.${format}`,
      headers: { cookie: who.cookie },
      remoteAddress: who.address,
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  /** The export's CSV as rows of cells, the header first. */
  const exportedRows = async () => parse(await exported('csv'), { bom: true }) as string[][];
  const csvOf = (rows: string[][]) => Buffer.from(`\uFEFF${stringify(rows, { escape_formulas: true })}`);

  const upload = async (
    body: Buffer | string | Readable,
    name: string,
    opts: { type?: string; who?: StaffBrowser; of?: string; headers?: Record<string, string> } = {},
  ) => {
    const who = opts.who ?? editor;
    if (!who.jar.has('XSRF-TOKEN')) await who.request('GET', '/api/admin/auth/me');
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/api/admin/import/${opts.of ?? section}?name=${encodeURIComponent(name)}`,
      headers: {
        cookie: who.cookie,
        'x-xsrf-token': who.jar.get('XSRF-TOKEN') ?? '',
        'content-type': opts.type ?? csvType,
        ...opts.headers,
      },
      payload: body,
      remoteAddress: who.address,
    });
    return { status: res.statusCode, body: res.json() };
  };
  const item = async (id: number) =>
    (await editor.request('GET', `/api/admin/content/${section}/${id}`)).body;

  it('reads the export back unchanged: CSV and XLSX, zero changes', async () => {
    // values the CSV defuses with a leading quote, which must come back without it
    const list = await editor.request('GET', `/api/admin/content/${section}?per_page=1&sort=id&order=asc`);
    const first = await item(list.body.results[0].id);
    const saved = await editor.request('PUT', `/api/admin/content/${section}/${first.id}`, {
      version: first.version,
      status: first.status,
      document: {
        ...first.document,
        phone: '+7 813 200-00-00',
        name: { ...first.document.name, en: '=1+1 @manor -' },
      },
    });
    expect(saved.status).toBe(200);
    for (const format of ['csv', 'xlsx'] as const) {
      const plan = await upload(await exported(format), `${section}.${format}`, {
        type: format === 'csv' ? csvType : xlsxType,
      });
      expect(plan.status, JSON.stringify(plan.body).slice(0, 500)).toBe(200);
      expect(plan.body.format).toBe(format);
      expect(plan.body.rows).toEqual([]);
      expect(plan.body.counts).toMatchObject({ changed: 0, created: 0, invalid: 0 });
      expect(plan.body.counts.unchanged).toBe(plan.body.counts.rows);
      expect(plan.body.counts.rows).toBeGreaterThan(100);
    }
  });

  it('dry run: the changed cells per row, old -> new, unknown columns named, missing columns left alone; nothing written', async () => {
    const [header = [], ...rows] = await exportedRows();
    const col = (name: string) => header.indexOf(name);
    const [a = [], b = []] = rows.slice(0, 2);
    const before = await item(Number(a[col('id')]));
    // only some columns, in another order, and one the export does not have
    const keep = ['phone', 'id', 'name.ru', 'opening_hours'];
    const cut = (r: string[]) => keep.map((k) => r[col(k)] ?? '');
    const editedA = cut(a);
    editedA[0] = '+7 813 000-00-01';
    const editedB = cut(b);
    editedB[3] = JSON.stringify({ weekly: [[{ from: '10:00', to: '18:00' }]] });
    const file = csvOf([
      [...keep, 'notes'],
      [...editedA, 'x'],
      [...editedB, 'y'],
    ]);
    const plan = await upload(file, 'attractions-edit.csv');
    expect(plan.status).toBe(200);
    expect(plan.body.unknown_columns).toEqual(['notes']);
    const rowA = plan.body.rows.find((r: { id: number }) => r.id === Number(a[col('id')]));
    expect(rowA).toMatchObject({
      row: 2,
      kind: 'changed',
      name: before.document.name.ru,
      changes: [{ column: 'phone', old: before.document.phone ?? '', new: '+7 813 000-00-01' }],
    });
    expect((await item(before.id)).version).toBe(before.version);
    // opening hours are checked by the form's schema: this shape is not one
    const rowB = plan.body.rows.find((r: { id: number }) => r.id === Number(b[col('id')]));
    expect(rowB.kind).toBe('invalid');
    expect(rowB.issues[0]).toMatchObject({ column: 'opening_hours', code: 'invalid_value' });
  });

  it('refuses rows a form would refuse, each with its column and reason; such a plan cannot be applied', async () => {
    const [header = [], ...rows] = await exportedRows();
    const col = (name: string) => header.indexOf(name);
    const edit = (r: string[], changes: Record<string, string>) => {
      const copy = [...r];
      for (const [k, v] of Object.entries(changes)) copy[col(k)] = v;
      return copy;
    };
    const [r1 = [], r2 = [], r3 = [], r4 = []] = rows;
    const file = csvOf([
      header,
      edit(r1, { phone: 'call us' }),
      edit(r2, { id: '987654' }),
      edit(r3, { opening_hours: '{not json' }),
      edit(r4, { district_id: '99999', 'name.ru': '' }),
      edit(r1, { id: '', 'name.ru': '', status: '' }),
    ]);
    const plan = await upload(file, 'bad.csv');
    expect(plan.status).toBe(200);
    expect(plan.body.counts).toMatchObject({ invalid: 5, changed: 0, created: 0 });
    const issues = (row: number) =>
      plan.body.rows
        .find((r: { row: number }) => r.row === row)
        .issues.map((i: { column: string; code: string }) => [i.column, i.code]);
    expect(issues(2)).toEqual([['phone', 'invalid_value']]);
    expect(issues(3)).toEqual([['id', 'import_unknown_id']]);
    expect(issues(4)).toEqual([['opening_hours', 'import_not_json']]);
    // the schema names each broken field; the reference rule waits for a valid document
    expect(issues(5)).toEqual([['name.ru', 'invalid_value']]);
    expect(issues(6)).toContainEqual(['name.ru', 'invalid_value']);
    const apply = await editor.request('POST', `/api/admin/imports/${plan.body.id}/apply`);
    expect(apply.status).toBe(409);
    expect(apply.body.code).toBe('import_has_invalid_rows');

    const refs = await upload(csvOf([header, edit(r4, { district_id: '99999' })]), 'ref.csv');
    expect(refs.body.rows[0].issues).toMatchObject([{ column: 'district_id', code: 'reference_missing' }]);
  });

  it('applies a dry run in one go (history names the file), refuses it twice, and undoes it as a whole', async () => {
    const [header = [], ...rows] = await exportedRows();
    const col = (name: string) => header.indexOf(name);
    const picked = rows.slice(10, 13);
    const before = await Promise.all(picked.map((r) => item(Number(r[col('id')]))));
    const edited = picked.map((r, i) => {
      const copy = [...r];
      copy[col('phone')] = `+7 813 100-00-0${i}`;
      return copy;
    });
    const fresh = [...(rows[0] ?? [])];
    fresh[col('id')] = '';
    fresh[col('version')] = '';
    fresh[col('name.ru')] = 'Новый музей из таблицы';
    const plan = await upload(csvOf([header, ...edited, fresh]), 'attractions-2026-11-28.csv');
    expect(plan.status).toBe(200);
    expect(plan.body.counts).toMatchObject({ changed: 3, created: 1, invalid: 0 });
    expect(plan.body.rows.find((r: { kind: string }) => r.kind === 'created')).toMatchObject({
      id: null,
      name: 'Новый музей из таблицы',
    });

    const applied = await editor.request('POST', `/api/admin/imports/${plan.body.id}/apply`);
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ status: 'applied', file_name: 'attractions-2026-11-28.csv' });
    for (const [i, b] of before.entries()) {
      const after = await item(b.id);
      expect(after.document.phone).toBe(`+7 813 100-00-0${i}`);
      expect(after.version).toBe(b.version + 1);
      // the fact's source is the import, through the forms' save path
      expect(after.document.fact_sources.phone).toMatchObject({
        source: 'import',
        note: 'Import attractions-2026-11-28.csv',
      });
      const h = (await editor.request('GET', `/api/admin/content/${section}/${b.id}/history`)).body
        .results[0];
      expect(h.import).toMatchObject({ file_name: 'attractions-2026-11-28.csv', undo: false });
      expect(h.changes.phone).toEqual({ old: b.document.phone, new: `+7 813 100-00-0${i}` });
    }
    const publicAnswer = await s.t.app.inject({ url: `/api/${section}/${before[0].id}/` });
    expect(publicAnswer.json().phone).toBe('+7 813 100-00-00');
    const created = await editor.request(
      'GET',
      `/api/admin/content/${section}?q=${encodeURIComponent('новый музей из таблицы')}`,
    );
    expect(created.body.count).toBe(1);
    expect((await editor.request('POST', `/api/admin/imports/${plan.body.id}/apply`)).body.code).toBe(
      'import_not_planned',
    );
    const list = await editor.request('GET', `/api/admin/imports?section=${section}`);
    expect(list.body.results[0]).toMatchObject({
      id: plan.body.id,
      status: 'applied',
      counts: { changed: 3, created: 1 },
    });

    const undone = await editor.request('POST', `/api/admin/imports/${plan.body.id}/undo`);
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.status).toBe('undone');
    for (const b of before) {
      const after = await item(b.id);
      expect(after.document).toEqual(b.document);
      expect(after.version).toBe(b.version + 2);
      const h = (await editor.request('GET', `/api/admin/content/${section}/${b.id}/history`)).body
        .results[0];
      expect(h.import).toMatchObject({ id: plan.body.id, undo: true });
    }
    expect(
      (
        await editor.request(
          'GET',
          `/api/admin/content/${section}?q=${encodeURIComponent('новый музей из таблицы')}`,
        )
      ).body.count,
    ).toBe(0);
    expect((await editor.request('POST', `/api/admin/imports/${plan.body.id}/undo`)).body.code).toBe(
      'import_not_applied',
    );
  });

  it('refuses to apply when an item was saved after the dry run, and to undo when one was saved after the import', async () => {
    const [header = [], ...rows] = await exportedRows();
    const col = (name: string) => header.indexOf(name);
    const [r1 = [], r2 = []] = rows.slice(20, 22);
    const edited = [r1, r2].map((r) => {
      const copy = [...r];
      copy[col('phone')] = '+7 813 200-00-00';
      return copy;
    });
    const plan = await upload(csvOf([header, ...edited]), 'conflict.csv');
    expect(plan.body.counts.changed).toBe(2);
    const other = await item(Number(r2[col('id')]));
    const saved = await editor.request('PUT', `/api/admin/content/${section}/${other.id}`, {
      version: other.version,
      status: other.status,
      document: { ...other.document, site: 'https://example.org/' },
    });
    expect(saved.status).toBe(200);
    const apply = await editor.request('POST', `/api/admin/imports/${plan.body.id}/apply`);
    expect(apply.status).toBe(409);
    expect(apply.body).toMatchObject({ code: 'import_conflict', ids: [other.id] });
    expect((await item(Number(r1[col('id')]))).document.phone).not.toBe('+7 813 200-00-00');

    // the file's version is older than the item's: that row is refused at once
    const again = await upload(csvOf([header, ...edited]), 'conflict.csv');
    expect(again.body.rows.find((r: { id: number }) => r.id === other.id).issues[0].code).toBe(
      'import_version_old',
    );

    const ok = await upload(csvOf([header, edited[0] ?? []]), 'one.csv');
    expect((await editor.request('POST', `/api/admin/imports/${ok.body.id}/apply`)).status).toBe(200);
    const now = await item(Number(r1[col('id')]));
    await editor.request('PUT', `/api/admin/content/${section}/${now.id}`, {
      version: now.version,
      status: now.status,
      document: { ...now.document, site: 'https://example.org/later' },
    });
    const undo = await editor.request('POST', `/api/admin/imports/${ok.body.id}/undo`);
    expect(undo.status).toBe(409);
    expect(undo.body).toMatchObject({ code: 'import_changed_since', ids: [now.id] });
    expect((await item(now.id)).document.site).toBe('https://example.org/later');
  });

  it('refuses a file that is not UTF-8, says when it looks like Windows-1251, and changes nothing', async () => {
    // "Название" in Windows-1251: the Cyrillic letters are 0xC0-0xFF
    const cp1251 = (t: string) =>
      Buffer.from(
        [...t].map((ch) => (ch >= 'А' && ch <= 'я' ? ch.charCodeAt(0) - 0x410 + 0xc0 : ch.charCodeAt(0))),
      );
    const res = await upload(cp1251('id,name.ru\r\n1,Название\r\n'), 'windows.csv');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'import_not_utf8', params: { encoding: 'Windows-1251' } });
    expect(res.body.message).toMatch(/UTF-8/);
  });

  it('refuses malformed CSV, a file that is not a workbook, an empty file and a header without id', async () => {
    const malformed = await upload('id,phone\r\n1,"+7 813\r\n', 'broken.csv');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('import_malformed');
    const notXlsx = await upload('id,phone\r\n1,2\r\n', 'sheet.xlsx', { type: xlsxType });
    expect(notXlsx.body.code).toBe('import_not_workbook');
    const zip = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(100)]);
    expect((await upload(zip, 'sheet.xlsx', { type: xlsxType })).body.code).toBe('import_not_workbook');
    expect((await upload('id,phone\r\n', 'empty.csv')).body.code).toBe('import_empty');
    expect((await upload('phone\r\n+7 813 000 00 00\r\n', 'noid.csv')).body.code).toBe('import_no_id_column');
    expect((await upload('id,phone,phone\r\n1,2,3\r\n', 'twice.csv')).body.code).toBe(
      'import_duplicate_column',
    );
    const type = await upload('id\r\n1\r\n', 'a.png', { type: 'image/png' });
    expect(type.status).toBe(415);
    expect(type.body.code).toBe('import_file_type');
  });

  it('refuses a formula in an XLSX cell, naming it; takes the CSV’s defusing quote off again', async () => {
    const [header = [], ...rows] = await exportedRows();
    const col = (name: string) => header.indexOf(name);
    const r = rows[30] ?? [];
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(section);
    sheet.addRow(['id', 'phone']);
    sheet.addRow([Number(r[col('id')]), { formula: 'CONCAT("+7 ","813")', result: '+7 813' }]);
    const plan = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'formula.xlsx', {
      type: xlsxType,
    });
    expect(plan.status).toBe(200);
    expect(plan.body.rows[0].issues).toMatchObject([
      { column: 'phone', code: 'import_formula', params: { cell: 'B2' } },
    ]);

    // '+7 ... is the export's way of keeping a phone from being run: it comes back as +7 ...
    const quoted = await upload(`id,phone\r\n${r[col('id')]},'+7 813 300-00-00\r\n`, 'quoted.csv');
    expect(quoted.body.rows[0].changes).toEqual([
      { column: 'phone', old: expect.any(String), new: '+7 813 300-00-00' },
    ]);
  });

  it('refuses a file over the limit from its length, before reading it', async () => {
    let read = 0;
    const chunk = Buffer.alloc(1024 * 1024, 0x61);
    const body = new Readable({
      read() {
        read += chunk.length;
        this.push(read > 50 * 1024 * 1024 ? null : chunk);
      },
    });
    const started = Date.now();
    const res = await upload(body, 'huge.csv', { headers: { 'content-length': String(50 * 1024 * 1024) } });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('import_too_large');
    expect(read).toBeLessThan(5 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers 401 without a session, 403 to an editor for what only admins edit, 404 for no such section', async () => {
    const anonymous = await s.t.app.inject({ url: `/api/admin/imports?section=${section}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe('sign_in_needed');
    const district = await upload('id,name.ru\r\n1,Выборгский\r\n', 'district.csv', { of: 'district' });
    expect(district.status).toBe(403);
    expect(district.body.code).toBe('admin_only');
    const byAdmin = await upload(await exported('csv', 'district', admin), 'district.csv', {
      of: 'district',
      who: admin,
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.counts).toMatchObject({ changed: 0, invalid: 0 });
    expect((await upload('id\r\n1\r\n', 'x.csv', { of: 'nothing' })).status).toBe(404);
  });
});
