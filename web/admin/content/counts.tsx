import { Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { type EditableSection, editorial } from '../../../common/editorial';
import { statesOf } from './document';

/** A kind's counts as the API gives them (its summary, or its row of the dashboard). */
export interface Counts {
  published: number;
  draft: number;
  scheduled: number;
  archived: number;
  without_photo: number;
  missing: { en: number; zh: number };
}

/** The list filters a count stands for: each count opens the list showing exactly its items. */
export type CountFilter = { status: string } | { missing: 'en' | 'zh' } | { photo: 'without' };

export interface Count {
  key: string;
  /** The message of its label: "%{count}" in it is the number. */
  label: string;
  count: number;
  filter: CountFilter;
}

/** Whether a kind's items have pictures (the directories and partners have none). */
export const withPictures = (section: EditableSection) =>
  editorial[section].fields.some((f) => f.kind === 'pictures');

/**
 * The counts a kind shows, in order: its states (only those it has: only news and events can be
 * scheduled, what is simply saved is always published), the missing languages and, for the kinds
 * with pictures, the published items without a real photo.
 */
export function countsOf(section: EditableSection, c: Counts): Count[] {
  const states = statesOf(section);
  return [
    ...states.map((s) => ({
      key: s,
      // what is simply saved has one state: its count is all its items
      label: states.length === 1 ? 'admin.counts.all' : `admin.counts.${s}`,
      count: c[s],
      filter: { status: s },
    })),
    { key: 'en', label: 'admin.counts.missing_en', count: c.missing.en, filter: { missing: 'en' as const } },
    { key: 'zh', label: 'admin.counts.missing_zh', count: c.missing.zh, filter: { missing: 'zh' as const } },
    ...(withPictures(section)
      ? [
          {
            key: 'photo',
            label: 'admin.counts.without_photo',
            count: c.without_photo,
            filter: { photo: 'without' as const },
          },
        ]
      : []),
  ];
}

/** The back office's address of a kind's list with a filter set (react-admin reads `filter`). */
export function listLink(section: EditableSection | 'feedback', filter: Record<string, string>): string {
  const path = section === 'feedback' ? '/feedback' : `/content/${section}`;
  const query = new URLSearchParams({
    filter: JSON.stringify(filter),
    // a filter that is not always shown needs to be named, or the list hides its input
    displayedFilters: JSON.stringify(Object.fromEntries(Object.keys(filter).map((k) => [k, true]))),
  });
  return `${path}?${query}`;
}

/** A count as a link to the list of its items; a zero is plain text (an empty list helps nobody). */
export function CountLink({ section, count }: { section: EditableSection; count: Count }) {
  const translate = useTranslate();
  const text = translate(count.label, { count: count.count, smart_count: count.count });
  if (!count.count) return <span>{text}</span>;
  return (
    // 24 px high at least: the counts wrap onto lines 4 px apart, too close for a finger otherwise
    <Link
      component={RouterLink}
      to={listLink(section, count.filter as Record<string, string>)}
      sx={{ display: 'inline-block', minHeight: 24, lineHeight: '24px' }}
    >
      {text}
    </Link>
  );
}

/** A kind's counts on one line, each a link to its filtered list (above the kind's list). */
export function CountsLine({ section, counts }: { section: EditableSection; counts: Counts }) {
  return (
    <Typography
      variant="body2"
      component={Stack}
      direction="row"
      useFlexGap
      sx={{ px: 2, py: 1, flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      role="status"
    >
      {countsOf(section, counts).map((c) => (
        <CountLink key={c.key} section={section} count={c} />
      ))}
    </Typography>
  );
}
