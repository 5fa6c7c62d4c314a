import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { PlaceDetail, placeDetailSchema } from '../../common/api.js';
import { editorialColumnsOf, editorialSchemaOf, translatedFields } from '../../common/editorial.js';
import { placeModules, sectionModule, shownFields } from '../../common/section-modules.js';
import { placeFields } from '../../common/sections/base.js';
import type { SectionModule } from '../../common/sections.js';
import { placeFileSchema } from '../../content/schema.js';
import { fieldColumnSql, searchedFields } from '../../server/db/section-sql.js';
import { shownValues } from '../../server/modules/places/repository.js';

// A field is one line in its section's module: this test section (not in the product) is the
// product's tourist information centres with one more line, a translated text, shown to visitors
// by its name in the detail page's `texts`.
// Everything below derives from that line alone: the back office's document (its rules, its
// columns, the completeness count), the demo content's files, the API's detail answer, the
// server's detail values, the migration of its column.

const base = sectionModule('tourist-information-centers');
const withDressCode: SectionModule = {
  ...base,
  slug: 'test-museums',
  detail: { ...(base.detail as NonNullable<SectionModule['detail']>), texts: ['dress_code'] },
  edit: {
    ...(base.edit as NonNullable<SectionModule['edit']>),
    fields: placeFields({ name: 'dress_code', kind: 'text' }),
  },
};
const text = { ru: 'Без пляжной одежды', en: 'No beachwear', zh: '请勿穿沙滩装' };

describe('a field added to a section module in one line', () => {
  const edit = withDressCode.edit as NonNullable<SectionModule['edit']>;

  it('is in the back office: a document field with its rules, a column, and counted for completeness', () => {
    expect(editorialColumnsOf(edit)).toContain('dress_code');
    expect(translatedFields(edit.fields)).toContain('dress_code');
    const schema = editorialSchemaOf(edit);
    expect(schema.properties).toHaveProperty('dress_code');
    // Russian first, the other languages may come later; never a bare string.
    const check = (v: unknown) => Value.Check(schema.properties.dress_code as never, v);
    expect(check({ ru: 'Без пляжной одежды' })).toBe(true);
    expect(check(null)).toBe(true);
    expect(check('Без пляжной одежды')).toBe(false);
    // the product's own section has no such field
    expect(editorialColumnsOf(base.edit as NonNullable<SectionModule['edit']>)).not.toContain('dress_code');
  });

  it('is in the demo content files, in every language', () => {
    const item = {
      key: 'x',
      name: text,
      annotation: text,
      description: text,
      district: 'x',
      city: 'x',
      lat: 59.9,
      lon: 30.3,
      address: text,
      pictures: ['village'],
    };
    const file = placeFileSchema(withDressCode);
    expect(Value.Check(file, [{ ...item, dress_code: text }])).toBe(true);
    expect(Value.Check(file, [{ ...item, dress_code: { ru: 'только по-русски' } }])).toBe(false);
    expect(Value.Check(placeFileSchema(base), [{ ...item, dress_code: text }])).toBe(false);
  });

  it("is a property of the API's detail answer, in the language asked", () => {
    const schema = placeDetailSchema(shownFields(withDressCode));
    expect(schema.properties).toHaveProperty('dress_code');
    expect(shownValues(shownFields(withDressCode), { dress_code: text }, 'en')).toEqual({
      dress_code: 'No beachwear',
    });
    expect(shownValues(shownFields(withDressCode), { dress_code: null }, 'zh')).toEqual({ dress_code: null });
    // a text field its detail page does not name stays in the back office
    expect(shownFields({ ...withDressCode, detail: base.detail })).toEqual([]);
    // The product's answer is the same schema made from the product's modules.
    expect(PlaceDetail).toEqual(placeDetailSchema(placeModules.flatMap(shownFields)));
  });

  it('has its column migration and is searched only when marked', () => {
    expect(fieldColumnSql(edit.fields.find((f) => f.name === 'dress_code') as never)).toBe(
      'alter table places add column dress_code jsonb;',
    );
    expect(searchedFields(edit.fields)).toEqual(['name', 'annotation', 'description']);
    const searched = placeFields({ name: 'dress_code', kind: 'text', search: 'D' });
    expect(searchedFields(searched)).toEqual(['name', 'annotation', 'description', 'dress_code']);
  });
});
