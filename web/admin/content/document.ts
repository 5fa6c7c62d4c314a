import {
  type EditableSection,
  type EditorialField,
  editableOf,
  editorial,
  schedulable,
} from '../../../common/editorial';
import { docFromEditor, docIsEmpty, isRichDoc, type RichDoc } from '../../../common/rich-text';
import { isTranslatedKind } from '../../../common/sections/types.js';

/** A content item as the back office reads it (GET /api/admin/content/<section>/:id). */
export interface ContentRecord {
  id: number;
  status: ItemStatus;
  version: number;
  publish_at: string | null;
  updated_at: string;
  document: Record<string, unknown>;
  missing: string[];
  /** A published item whose edits wait as a working copy: `document` is it, `published` what the site shows. */
  working_copy?: boolean;
  published?: { document: Record<string, unknown>; updated_at: string };
}

export type ItemStatus = 'published' | 'draft' | 'scheduled' | 'archived';

/**
 * The states a section's item may take: only news and events can wait for a set time; what is
 * simply saved (common/editorial.ts, `saved`) is always public.
 */
export const statesOf = (section: EditableSection): ItemStatus[] =>
  editableOf(section).saved
    ? ['published']
    : schedulable.includes(section)
      ? ['published', 'draft', 'scheduled', 'archived']
      : ['published', 'draft', 'archived'];

export const fieldsOf = (section: EditableSection): readonly EditorialField[] => editorial[section].fields;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A translated text as saved: Russian and whichever translations are filled in, or null when none is. */
function translation(value: unknown, required: boolean) {
  const v = (value ?? {}) as Record<string, unknown>;
  const [ru, en, zh] = [trimmed(v.ru), trimmed(v.en), trimmed(v.zh)];
  if (!ru && !en && !zh && !required) return null;
  return { ru, ...(en ? { en } : {}), ...(zh ? { zh } : {}) };
}

/**
 * A rich text's languages as the save sends them: each the editor's document by the allow-list
 * (docFromEditor), an empty one left out; a required text keeps its Russian one, which the server
 * refuses when empty (the form then marks it).
 */
function richToSave(value: unknown, required: boolean) {
  const v = (value ?? {}) as Record<string, unknown>;
  const out: Record<string, RichDoc> = {};
  for (const lang of ['ru', 'en', 'zh'] as const) {
    const doc = isRichDoc(v[lang]) ? docFromEditor(v[lang]) : null;
    if (doc && !docIsEmpty(doc)) out[lang] = doc;
  }
  if (!out.ru && !out.en && !out.zh && !required) return null;
  return {
    ru: out.ru ?? docFromEditor(null),
    ...(out.en ? { en: out.en } : {}),
    ...(out.zh ? { zh: out.zh } : {}),
  };
}

type Loose = Record<string, unknown> | null | undefined;
const list = (value: unknown): Loose[] => (Array.isArray(value) ? (value as Loose[]) : []);

/**
 * A schedule as the API takes it: seasons with dates only when both are given, times with their
 * days sorted, closed dates from the text "2026-12-31, 2027-01-01"; no season at all: unknown (null).
 */
export function hoursToSave(value: unknown): unknown {
  const form = (value ?? {}) as Record<string, unknown>;
  const seasons = list(form.seasons).map((s) => {
    const from = trimmed(s?.from);
    const to = trimmed(s?.to);
    const hours = list(s?.hours).map((h) => ({
      days: (Array.isArray(h?.days) ? (h.days as unknown[]).map(Number) : []).sort((a, b) => a - b),
      opens: trimmed(h?.opens),
      closes: trimmed(h?.closes),
    }));
    return from || to ? { from, to, hours } : { hours };
  });
  if (!seasons.length) return null;
  const dates = Array.isArray(form.closed_dates)
    ? (form.closed_dates as string[])
    : String(form.closed_dates ?? '')
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean);
  const monthly = list(form.closed_monthly).map((m) => ({ week: Number(m?.week), day: Number(m?.day) }));
  return {
    seasons,
    ...(dates.length ? { closed_dates: dates } : {}),
    ...(monthly.length ? { closed_monthly: monthly } : {}),
  };
}

/** Free, paid from min (to max), or unknown (null). */
export function admissionToSave(value: unknown): unknown {
  const form = (value ?? {}) as Record<string, unknown>;
  if (form.free === true) return { free: true };
  if (form.free !== false) return null;
  const min = numberOrNull(form.min);
  const max = numberOrNull(form.max);
  return { free: false, min, ...(max === null ? {} : { max }) };
}

/** The facts known: true or false; a fact left at "not known" is left out. */
export function accessibilityToSave(value: unknown): Record<string, boolean> {
  return Object.fromEntries(
    Object.entries((value ?? {}) as Record<string, unknown>).filter(
      (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
    ),
  );
}

/**
 * The facts' sources as stored, with "checked with the venue on <day>" for each fact given a day in
 * the form; the server dates the other facts the save changes (decision 047).
 */
function sourcesToSave(stored: unknown, checked: unknown): Record<string, unknown> {
  const sources = { ...((stored ?? {}) as Record<string, unknown>) };
  for (const [fact, day] of Object.entries((checked ?? {}) as Record<string, unknown>))
    if (typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day))
      sources[fact] = { source: 'venue', checked: day };
  return sources;
}

const numberOrNull = (value: unknown) =>
  value === null || value === undefined || value === '' || Number.isNaN(Number(value)) ? null : Number(value);

/**
 * What a save sends: the state, the time a scheduled item goes public, and the whole document with
 * every field of the section (the server refuses a document that leaves one out). Empty inputs
 * become null, empty translations are left out (the site then shows the Russian text).
 */
export function toSave(section: EditableSection, values: Record<string, unknown>) {
  const form = (values.document ?? {}) as Record<string, unknown>;
  const document: Record<string, unknown> = {};
  for (const field of fieldsOf(section)) {
    const value = form[field.name];
    switch (field.kind) {
      case 'text':
      case 'long':
        document[field.name] = translation(value, field.required === true);
        break;
      case 'rich':
        document[field.name] = richToSave(value, field.required === true);
        break;
      case 'integer':
      case 'number':
        document[field.name] = numberOrNull(value);
        break;
      case 'boolean':
        document[field.name] = value === true;
        break;
      case 'date':
      case 'url':
      case 'phone':
        document[field.name] = trimmed(value) || null;
        break;
      case 'key':
      case 'icon':
      case 'email':
      case 'link':
        document[field.name] = trimmed(value);
        break;
      case 'picture':
        document[field.name] = trimmed(value) || (field.required ? '' : null);
        break;
      case 'reference':
        document[field.name] = field.many ? (Array.isArray(value) ? value : []) : (value ?? null);
        break;
      case 'point':
        document.lat = numberOrNull(form.lat);
        document.lon = numberOrNull(form.lon);
        break;
      case 'pictures':
        document.images = Array.isArray(value) ? value : [];
        break;
      case 'line':
        document.path = Array.isArray(value) ? value : [];
        break;
      case 'hours':
        document[field.name] = hoursToSave(value);
        break;
      case 'admission':
        document[field.name] = admissionToSave(value);
        break;
      case 'accessibility':
        document[field.name] = accessibilityToSave(value);
        break;
      case 'sources':
        document[field.name] = sourcesToSave(value, values.facts_checked);
        break;
    }
  }
  const status = values.status as ItemStatus;
  const at = values.publish_at;
  const publishAt = status === 'scheduled' && at ? new Date(at as string).toISOString() : null;
  return { status, publish_at: publishAt, document };
}

/** A new item's form: a draft with no text, no references and no pictures. */
export function emptyItem(section: EditableSection) {
  const document: Record<string, unknown> = {};
  for (const field of fieldsOf(section)) {
    if (field.kind === 'boolean') document[field.name] = false;
    else if (field.kind === 'pictures') document.images = [];
    else if (field.kind === 'line') document.path = [];
    else if (field.kind === 'accessibility' || field.kind === 'sources') document[field.name] = {};
    else if (field.kind === 'reference' && field.many) document[field.name] = [];
    else if (field.kind === 'point') {
      document.lat = null;
      document.lon = null;
    } else document[field.name] = null;
  }
  return {
    status: statesOf(section).includes('draft') ? 'draft' : ('published' as ItemStatus),
    publish_at: null,
    document,
  };
}

/** Where a field's input is in the form (a server error names the document's field). */
export function inputOf(section: EditableSection, field: string): string {
  if (field === 'status' || field === 'publish_at') return field;
  const def = fieldsOf(section).find((f) => f.name === field);
  if (def && isTranslatedKind(def.kind)) return `document.${field}.ru`;
  return `document.${field}`;
}

/** A save's content: what `toSave` makes of a form. */
export type SaveValues = ReturnType<typeof toSave>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const isText = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/** A field (or one language of a translated field) that both editors changed, each differently. */
export interface MergeConflict {
  field: string;
  /** The language, for a translated text: the other languages merged by themselves. */
  lang?: string;
  theirs: unknown;
  mine: unknown;
}

/**
 * "Apply my changes onto the new version" after a refused save (409): a three-way merge of the
 * version the form was opened at (`opened`), the form (`mine`) and the stored version another editor
 * saved since (`current`). A field only one side changed takes that side's value; one both changed
 * to the same value takes it; one both changed differently is a conflict, which the editor settles
 * (theirs, mine, or a text of their own) before saving: the result holds mine there meanwhile. A
 * translated text is merged language by language, so two editors translating one field into two
 * languages both keep theirs, and only a language both rewrote is a conflict. Returns the result,
 * the fields taken from the form, and the conflicts.
 */
export function applyMine(
  opened: SaveValues,
  mine: SaveValues,
  current: SaveValues,
): { merged: SaveValues; fields: string[]; conflicts: MergeConflict[] } {
  const fields: string[] = [];
  const conflicts: MergeConflict[] = [];
  const document: Record<string, unknown> = { ...current.document };
  for (const [name, value] of Object.entries(mine.document)) {
    const before = opened.document[name];
    if (same(value, before)) continue;
    fields.push(name);
    const stored = current.document[name];
    const theirsChanged = !same(stored, before);
    if (isText(value) && isText(before) && isText(stored)) {
      const text: Record<string, unknown> = { ...stored };
      for (const lang of new Set([...Object.keys(value), ...Object.keys(before)])) {
        if (same(value[lang], before[lang])) continue;
        if (!same(stored[lang], before[lang]) && !same(stored[lang], value[lang]))
          conflicts.push({ field: name, lang, theirs: stored[lang] ?? null, mine: value[lang] ?? null });
        if (value[lang] === undefined) delete text[lang];
        else text[lang] = value[lang];
      }
      document[name] = text;
    } else {
      if (theirsChanged && !same(stored, value))
        conflicts.push({ field: name, theirs: stored ?? null, mine: value ?? null });
      document[name] = value;
    }
  }
  const stateChanged = mine.status !== opened.status || !same(mine.publish_at, opened.publish_at);
  if (stateChanged) {
    fields.unshift('status');
    const theirsState = current.status !== opened.status || !same(current.publish_at, opened.publish_at);
    if (theirsState && (current.status !== mine.status || !same(current.publish_at, mine.publish_at)))
      conflicts.unshift({
        field: 'status',
        theirs: { status: current.status, publish_at: current.publish_at },
        mine: { status: mine.status, publish_at: mine.publish_at },
      });
  }
  return {
    merged: {
      status: stateChanged ? mine.status : current.status,
      publish_at: stateChanged ? mine.publish_at : current.publish_at,
      document,
    },
    fields,
    conflicts,
  };
}
