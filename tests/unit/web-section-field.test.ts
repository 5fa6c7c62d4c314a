import { describe, expect, it } from 'vitest';
import { type SectionModule, sectionModule } from '../../common/sections';
import { placeFields } from '../../common/sections/base';
import { type Formatters, factsOf } from '../../web/features/detail/detail-config';

// The detail page of a section whose module has one more line, a translated text shown to
// visitors (tests/unit/section-field.test.ts follows the same line through the back office, the
// content, the API and the database): the page shows it as a fact, labelled by its name.

const base = sectionModule('tourist-information-centers');
const withDressCode: SectionModule = {
  ...base,
  slug: 'test-museums',
  edit: {
    ...(base.edit as NonNullable<SectionModule['edit']>),
    fields: placeFields({ name: 'dress_code', kind: 'text', shown: true }),
  },
};
const f = { t: (key: string) => key } as unknown as Formatters;

describe("a shown field of a section's module on the detail page", () => {
  it('is a fact after the section’s own, labelled detail:facts.<name>, with the answer’s text', () => {
    const facts = factsOf(withDressCode);
    expect(facts.map((x) => x.id)).toEqual([...(base.detail?.facts ?? []), 'dress_code']);
    const fact = facts.at(-1);
    expect(fact?.value({ dress_code: 'No beachwear' } as never, f)).toBe('No beachwear');
    expect(fact?.value({ dress_code: null } as never, f)).toBeNull();
  });

  it('is not on the pages of the sections without it', () => {
    expect(factsOf(base).map((x) => x.id)).toEqual(base.detail?.facts);
  });
});
