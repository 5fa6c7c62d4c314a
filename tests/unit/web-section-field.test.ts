import { describe, expect, it } from 'vitest';
import { type Section, sectionOf } from '../../common/sections';
import { type Formatters, factsOf } from '../../web/features/detail/detail-config';

// The detail page of a section whose module has one more line, a translated text, named by its
// detail page's `texts` (tests/unit/section-field.test.ts follows the same field through the back
// office, the content, the API and the database): the page shows it as a fact, labelled by its
// name. The page reads the section's description alone, not its module's fields.

const base = sectionOf('tourist-information-centers');
const withDressCode: Section = {
  ...base,
  slug: 'test-museums',
  detail: { ...(base.detail as NonNullable<Section['detail']>), texts: ['dress_code'] },
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
