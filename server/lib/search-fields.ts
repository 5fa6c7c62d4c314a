import type { SeoT } from '../../common/api.js';
import type { Lang } from '../../common/languages.js';
import { mediaUrl } from '../../common/media.js';
import type { Translated } from '../db/schema.js';
import { trOrNull } from './translate.js';

/** The search and sharing columns of a public row (031-search-and-sharing.sql). */
export const searchColumns = ['search_title', 'search_description', 'share_image'] as const;

/**
 * An item's search and sharing fields as its detail answer gives them (`seo`): each text in the
 * language asked, falling back to Russian as every text does; the share picture as its card
 * picture's URL. Read from the public row only, so a working copy's change stays off the site.
 */
export function seoOf(
  row: {
    search_title: Translated | null;
    search_description: Translated | null;
    share_image: string | null;
  },
  lang: Lang,
): SeoT {
  return {
    title: trOrNull(row.search_title, lang),
    description: trOrNull(row.search_description, lang),
    img: row.share_image ? mediaUrl(row.share_image) : null,
  };
}
