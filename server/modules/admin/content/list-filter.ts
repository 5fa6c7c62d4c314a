import type { Static } from 'typebox';
import type { ContentListFilter } from '../../../../common/admin-api.js';
import type { EditableSection } from '../../../../common/editorial.js';
import { staffError } from '../errors.js';
import { factsOf, hasPictures, type ListFilter } from './repository.js';

/**
 * A list's search and filters as its query (or a bulk action's `filter`) gives them, checked
 * against the section: a photo filter where the kind has no pictures, or a fact the kind has no
 * field for, is a 400 (`where` names the part of the request: `querystring`, `body filter`).
 */
export function listFilterOf(
  section: EditableSection,
  q: Static<typeof ContentListFilter>,
  where = 'querystring',
): ListFilter {
  if (q.photo && !hasPictures(section))
    throw staffError(400, 'invalid_value', `${where} photo: ${section} have no pictures`, {
      field: 'photo',
      params: { field: 'photo' },
    });
  if (q.missing && q.missing !== 'en' && q.missing !== 'zh' && !factsOf(section).includes(q.missing))
    throw staffError(400, 'invalid_value', `${where} missing: ${section} have no ${q.missing}`, {
      field: 'missing',
      params: { field: 'missing' },
    });
  return {
    ...(q.q ? { q: q.q } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.district_id ? { district: q.district_id } : {}),
    ...(q.missing ? { missing: q.missing } : {}),
    ...(q.photo ? { photo: q.photo } : {}),
    ...(q.changes ? { unpublishedChanges: true } : {}),
  };
}
