import type { SectionSlug } from '../../api/queries';

/** Card links go to /{section}/detail/{id}; popular places are attractions. */
export function detailHref(section: SectionSlug, id: number): string {
  return `/${section === 'popular-places' ? 'attractions' : section}/detail/${id}`;
}
