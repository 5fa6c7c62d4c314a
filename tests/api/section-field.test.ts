import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fieldColumnSql } from '../../server/db/section-sql.js';
import type { TestApp } from '../helpers/app.js';
import type { StaffBrowser } from '../helpers/staff.js';

// One line added to a section's module, and its column: the whole portal takes the field. Here
// the tourist information centres' module gets a dress code (a translated text shown to visitors)
// for this file only; nothing else is changed. The back office saves it in three languages and
// counts an item without its Chinese as incomplete, the history shows it, and the public detail
// answer (checked against the OpenAPI document by the test helper) has it in the language asked.

const dressCode = { name: 'dress_code', kind: 'text' } as const;

/**
 * The tourist information centres' module with one more line. This project's workers keep the
 * modules a file imported for the next (vitest.config.ts, `isolate: false`), so the changed module
 * is put in place before this file imports the server afresh, and taken away after it.
 */
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

describe('a field added to a section in one line', () => {
  let t: TestApp;
  let editor: StaffBrowser;
  const section = 'tourist-information-centers';

  beforeAll(async () => {
    const { createTestApp, makeStaff, StaffBrowser } = await importWithField();
    t = await createTestApp('pglite');
    // its migration, as server/db/section-sql.ts writes it
    await sql.raw(fieldColumnSql(dressCode)).execute(t.database.db);
    await makeStaff(t.database.db, 'ed@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('ed@lenobl.test');
  });
  afterAll(async () => {
    await t?.close();
    vi.doUnmock(moduleWithField);
    vi.resetModules();
  });

  it('is edited in three languages, counted for completeness, in the history and in the detail answer', async () => {
    const id = (await t.app.inject({ url: `/api/${section}/?limit=1` })).json().results[0].id as number;
    const item = (await editor.request('GET', `/api/admin/content/${section}/${id}`)).body;
    expect(item.document).toHaveProperty('dress_code', null);

    // a save without the field is refused: the form sends every field
    const { dress_code: _, ...without } = item.document;
    const refused = await editor.request('PUT', `/api/admin/content/${section}/${id}`, {
      version: item.version,
      status: 'published',
      document: without,
    });
    expect(refused.status).toBe(400);

    const saved = await editor.request('PUT', `/api/admin/content/${section}/${id}`, {
      version: item.version,
      status: 'published',
      document: { ...item.document, dress_code: { ru: 'Без пляжной одежды', en: 'No beachwear' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const listed = await editor.request('GET', `/api/admin/content/${section}?per_page=100`);
    const row = listed.body.results.find((r: { id: number }) => r.id === id);
    expect(row.missing).toEqual(['zh']);

    const history = await editor.request('GET', `/api/admin/content/${section}/${id}/history`);
    expect(history.body.results[0].changes).toEqual({
      dress_code: { old: null, new: { ru: 'Без пляжной одежды', en: 'No beachwear' } },
    });

    const detail = (lang: string) =>
      t.app.inject({ url: `/api/${section}/${id}/`, headers: { 'accept-language': lang } });
    expect((await detail('en')).json().dress_code).toBe('No beachwear');
    // Chinese is missing: the Russian text stands in, as for every translated text
    expect((await detail('zh')).json().dress_code).toBe('Без пляжной одежды');
    // the other sections' answers do not have it
    const other = (await t.app.inject({ url: '/api/caterings/?limit=1' })).json().results[0].id;
    expect((await t.app.inject({ url: `/api/caterings/${other}/` })).json()).not.toHaveProperty('dress_code');
  });

  it("is in the OpenAPI document's place detail", async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const schema = doc.paths[`/api/${section}/{id}/`].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties ?? {})).toContain('dress_code');
  });
});
