import { describe, expect, it } from 'vitest';
import { applyMine, type SaveValues } from '../../web/admin/content/document';

// After a refused save (409) the back office puts the editor's own changes onto the stored version:
// only what they changed since they opened the form, and nothing of the rest.

const item = (document: Record<string, unknown>, status: SaveValues['status'] = 'published'): SaveValues => ({
  status,
  publish_at: null,
  document,
});

describe('applying my changes onto the new version', () => {
  const opened = item({
    name: { ru: 'Усадьба', en: 'Manor' },
    annotation: { ru: 'Коротко' },
    rating: 4,
    images: ['gen.a', 'gen.b'],
    site: null,
  });

  it('takes the fields the editor changed and leaves the others as the other editor stored them', () => {
    const mine = item({ ...opened.document, rating: 5, site: 'https://example.org' });
    const current = item({
      ...opened.document,
      annotation: { ru: 'Их новое описание' },
      images: ['photo.x'],
    });
    const { merged, fields } = applyMine(opened, mine, current);
    expect(fields).toEqual(['rating', 'site']);
    expect(merged.document).toEqual({
      name: { ru: 'Усадьба', en: 'Manor' },
      annotation: { ru: 'Их новое описание' },
      rating: 5,
      images: ['photo.x'],
      site: 'https://example.org',
    });
    expect(merged.status).toBe('published');
  });

  it('merges a translated text language by language, and a removed translation stays removed', () => {
    const mine = item({ ...opened.document, name: { ru: 'Усадьба', zh: '庄园' } });
    const current = item({ ...opened.document, name: { ru: 'Усадьба Званка', en: 'Manor' } });
    const { merged, fields } = applyMine(opened, mine, current);
    expect(fields).toEqual(['name']);
    expect(merged.document.name).toEqual({ ru: 'Усадьба Званка', zh: '庄园' });
  });

  it('keeps the stored state unless the editor changed it; nothing changed takes nothing', () => {
    const current = item({ ...opened.document, rating: 3 }, 'archived');
    expect(applyMine(opened, item({ ...opened.document }), current)).toEqual({
      merged: current,
      fields: [],
      conflicts: [],
    });
    const drafted = applyMine(opened, item({ ...opened.document }, 'draft'), current);
    expect(drafted.fields).toEqual(['status']);
    expect(drafted.merged.status).toBe('draft');
    expect(drafted.merged.document.rating).toBe(3);
  });
});

describe('a field both editors changed', () => {
  const opened = item({
    name: { ru: 'Усадьба', en: 'Manor' },
    description: { ru: 'Дом и парк.', en: 'A house and a park.' },
    rating: 4,
    site: null,
  });

  it('is a conflict with both texts, per language; the languages only one side changed merge by themselves', () => {
    const mine = item({
      ...opened.document,
      description: { ru: 'Дом, парк и пруд.', en: 'A house and a park.', zh: '房子和公园。' },
      rating: 5,
    });
    const current = item({
      ...opened.document,
      name: { ru: 'Усадьба Званка', en: 'Manor' },
      description: { ru: 'Дом, парк и оранжерея.', en: 'A house, a park and a greenhouse.' },
    });
    const { merged, fields, conflicts } = applyMine(opened, mine, current);
    expect(fields).toEqual(['description', 'rating']);
    expect(conflicts).toEqual([
      { field: 'description', lang: 'ru', theirs: 'Дом, парк и оранжерея.', mine: 'Дом, парк и пруд.' },
    ]);
    // mine waits in the conflicting language until the editor settles it; their English, my Chinese
    expect(merged.document.description).toEqual({
      ru: 'Дом, парк и пруд.',
      en: 'A house, a park and a greenhouse.',
      zh: '房子和公园。',
    });
    expect(merged.document.name).toEqual({ ru: 'Усадьба Званка', en: 'Manor' });
    expect(merged.document.rating).toBe(5);
  });

  it('is no conflict when both made the same change; a plain field both changed differently is one', () => {
    const mine = item({ ...opened.document, rating: 5, site: 'https://zvanka.example' });
    const current = item({ ...opened.document, rating: 5, site: 'https://manor.example' });
    const { conflicts, merged } = applyMine(opened, mine, current);
    expect(conflicts).toEqual([
      { field: 'site', theirs: 'https://manor.example', mine: 'https://zvanka.example' },
    ]);
    expect(merged.document.rating).toBe(5);
  });

  it('is a conflict of states when both changed the state differently', () => {
    const mine = item({ ...opened.document }, 'draft');
    const current = item({ ...opened.document }, 'archived');
    const { conflicts, merged } = applyMine(opened, mine, current);
    expect(conflicts).toEqual([
      {
        field: 'status',
        theirs: { status: 'archived', publish_at: null },
        mine: { status: 'draft', publish_at: null },
      },
    ]);
    expect(merged.status).toBe('draft');
  });
});
