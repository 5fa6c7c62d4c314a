import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pictureCategories } from '../../common/media.js';
import { illustrate } from '../../server/lib/illustrations/illustrate.js';
import { partnerLogo } from '../../server/lib/illustrations/logo.js';

// Renditions are cached as immutable under the picture's id, so a generated picture must keep its
// bytes: a change to a scene, the palette or the drawing kit changes the hash below. When that is
// meant, update the hash (and clear DATA_DIR/media-cache, see server/lib/illustrations/README.md).

const sha = (parts: string[]) => createHash('sha256').update(parts.join('\n')).digest('hex');

describe('generated pictures', () => {
  it('are the same bytes for the same category and seed, and differ between seeds', () => {
    for (const category of pictureCategories) {
      const a = illustrate(category, 'attractions-vyborg-castle-0');
      expect(illustrate(category, 'attractions-vyborg-castle-0'), category).toBe(a);
      expect(illustrate(category, 'attractions-vyborg-castle-1'), category).not.toBe(a);
      expect(a, category).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1600 1000"/);
    }
  });

  it('keep their bytes: every category at a few seeds, and partner logos', () => {
    const pictures = pictureCategories.flatMap((c) =>
      ['a', 'news-12-0', 'route-7'].map((s) => illustrate(c, s)),
    );
    const logos = ['ГАУ ЛО «Центр развития туризма»', 'Museum of the Region', 'SPb Tours'].map((name) =>
      partnerLogo(name, 'partner'),
    );
    expect(sha(pictures)).toBe('081c2db51f40f5fab1ff33d6502889930a134d57c736abb73e3f962da5b0eff5');
    expect(sha(logos)).toBe('4bc8a8d1f0b5e13d2769b5ca1d751c4552f064ee3bac0b79d34a9166517c2add');
  });
});
