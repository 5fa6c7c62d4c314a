import { detailPagePath, type SectionSlug } from '../../../common/sections';

/** Card links go to /{section}/detail/{id}; popular places are attractions. */
export function detailHref(section: SectionSlug, id: number): string {
  return detailPagePath(section, id);
}
