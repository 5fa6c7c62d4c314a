import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { regionToday } from '../../../../common/date-presets.js';
import { type EditableSection, editorial, schedulable } from '../../../../common/editorial.js';
import type { FactSourcesT } from '../../../../common/fact-sources.js';
import { docPictures, type RichTranslated, richTranslatedOf } from '../../../../common/rich-text.js';
import type { DB } from '../../../db/schema.js';
import type { Dictionary } from '../../../lib/dictionary.js';
import { staffError } from '../errors.js';
import { checkPhotos } from '../media/routes.js';
import { keyTaken, type Save } from './repository.js';

/**
 * The rules a schema cannot say: references that exist, a city in the item's district, an end not
 * before the start, a time for a scheduled item. Each broken rule is a 400 naming its field.
 * Inside a transaction, `within` gives that transaction and the references read before it began:
 * the embedded database has one connection, which the transaction holds.
 */
export async function checkSave(
  app: FastifyInstance,
  section: EditableSection,
  save: Save,
  id: number | null,
  within?: { db: Kysely<DB>; dict: Dictionary },
): Promise<void> {
  const doc = save.document;
  // A rich text is stored as a document per language (decision 052): a language sent as readable
  // text (an API user, a spreadsheet) becomes its document, an empty document a missing language.
  for (const field of editorial[section].fields) {
    if (field.kind !== 'rich' || doc[field.name] == null) continue;
    const value = richTranslatedOf(doc[field.name]);
    if (!value?.ru)
      throw staffError(400, 'invalid_value', `body document.${field.name}.ru: the Russian text is empty`, {
        field: field.name,
      });
    doc[field.name] = value;
  }
  const db = within?.db ?? app.db;
  const dict = within?.dict ?? (await app.dictionary.get());
  for (const field of editorial[section].fields) {
    if (field.kind === 'key' && (await keyTaken(db, section, field.name, String(doc[field.name]), id))) {
      throw staffError(
        400,
        'key_taken',
        `body document.${field.name}: another item already has "${doc[field.name]}"`,
        { field: field.name, params: { value: String(doc[field.name]) } },
      );
    }
    if (field.kind !== 'reference') continue;
    const value = doc[field.name];
    const ids = Array.isArray(value) ? (value as number[]) : value == null ? [] : [value as number];
    for (const id of ids) {
      if (!dict.ref(field.source, id, 'ru')) {
        throw staffError(
          400,
          'reference_missing',
          `body document.${field.name}: there is no ${field.source} ${id}`,
          {
            field: field.name,
          },
        );
      }
    }
  }
  if (doc.city_id != null && doc.district_id != null) {
    const city = dict.list('city').find((c) => c.id === doc.city_id);
    if (city && city.district !== doc.district_id) {
      throw staffError(400, 'city_other_district', 'body document.city_id: the town is in another district', {
        field: 'city_id',
      });
    }
  }
  if (
    typeof doc.start_date === 'string' &&
    typeof doc.end_date === 'string' &&
    doc.end_date < doc.start_date
  ) {
    throw staffError(400, 'end_before_start', 'body document.end_date: the end is before the start', {
      field: 'end_date',
    });
  }
  // a fact is checked on a day that has come (the region's today), never ahead
  const today = regionToday();
  for (const [fact, source] of Object.entries((doc.fact_sources ?? {}) as FactSourcesT)) {
    if (source && source.checked > today)
      throw staffError(
        400,
        'fact_checked_future',
        `body document.fact_sources.${fact}: ${source.checked} is after today`,
        { field: 'fact_sources' },
      );
  }
  // a refusal names the field that holds the photo: the form shows it there
  await checkPhotos(db, doc.images);
  for (const field of editorial[section].fields.filter((f) => f.kind === 'picture'))
    await checkPhotos(db, [doc[field.name]], { field: field.name });
  // a rich text's pictures (an information page's body's among them) are of the library
  for (const field of editorial[section].fields.filter((f) => f.kind === 'rich')) {
    const docs = Object.values((doc[field.name] as RichTranslated | null) ?? {});
    await checkPhotos(db, docs.flatMap(docPictures), { field: field.name, alt: false });
  }
  if (save.status === 'scheduled') {
    if (!schedulable.includes(section)) {
      throw staffError(
        400,
        'cannot_schedule',
        `body status: ${section} cannot be scheduled, only published or kept as a draft`,
        {
          field: 'status',
        },
      );
    }
    if (!save.publish_at || Number.isNaN(Date.parse(save.publish_at))) {
      throw staffError(
        400,
        'publish_at_needed',
        'body publish_at: a scheduled item needs the time it goes public',
        {
          field: 'publish_at',
        },
      );
    }
  }
}
