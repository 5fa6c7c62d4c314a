import RestoreIcon from '@mui/icons-material/Restore';
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { type EditableSection, editorial, type ReferenceSource } from '../../../common/editorial';
import { docToText, isRichDoc, richTranslatedOf } from '../../../common/rich-text';
import { useDateTime } from '../i18n/dates';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';
import { useDirectory } from './directories';
import type { ContentRecord } from './document';
import { fieldLabel } from './field-texts';

interface HistoryEntry {
  version: number;
  status: string;
  changed_at: string;
  staff: { name: string; email: string } | null;
  changes: Record<string, { old: unknown; new: unknown }>;
  /** The spreadsheet import the save applied or undid. */
  import: { file_name: string; created_at: string; undo: boolean } | null;
}

/** A stored value as one line: a translation's languages, a list, or the value itself. */
export function shown(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  // A route's line may have thousands of points: its first ones and how many.
  if (Array.isArray(value)) {
    if (!value.length) return empty;
    const some = value.slice(0, 6).map((v) => (Array.isArray(v) ? `(${v.join(', ')})` : String(v)));
    return value.length > 6 ? `${some.join(', ')} … (${value.length})` : some.join(', ');
  }
  // a rich text in its readable form: `## ` headings, `- ` items, [text](href) links
  if (isRichDoc(value)) return docToText(value) || empty;
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v)
      .map(([k, v]) => `${k}: ${isRichDoc(v) ? docToText(v) : String(v)}`)
      .join(' · ');
  }
  return String(value);
}

/** A reference field's ids as the directory's names (they may have been renamed or removed since). */
function ReferenceValue({
  source,
  value,
  fallback,
}: {
  source: ReferenceSource;
  value: unknown;
  fallback: string;
}) {
  const { data } = useDirectory(source);
  const ids = Array.isArray(value) ? value : value == null ? [] : [value];
  if (!data || !ids.length) return fallback;
  return ids.map((id) => data.find((d) => d.id === id)?.name ?? `№ ${String(id)}`).join(', ');
}

function HistoryValue({
  section,
  field,
  value,
  shown,
}: {
  section: EditableSection;
  field: string;
  value: unknown;
  shown: (field: string, value: unknown) => string;
}) {
  const def = editorial[section].fields.find((f) => f.name === field);
  if (def?.kind === 'reference')
    return (
      <ReferenceValue source={def.source as ReferenceSource} value={value} fallback={shown(field, value)} />
    );
  // an information page's body of a version saved before it was a rich text: its blocks' documents
  if (def?.kind === 'rich' && Array.isArray(value)) return shown(field, richTranslatedOf(value));
  return shown(field, value);
}

/**
 * The item's history, newest first: who saved when, the state, each changed field before and after,
 * and a button that puts an earlier version's document back (a new save, recorded like any other).
 */
export function HistoryPanel({ section }: { section: EditableSection }) {
  const record = useRecordContext<ContentRecord>();
  const translate = useTranslate();
  const dateTime = useDateTime();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  const { data, refetch } = useQuery({
    queryKey: ['content-history', section, record?.id, record?.version],
    enabled: record !== undefined,
    queryFn: () =>
      api<{ results: HistoryEntry[] }>('GET', `/content/${section}/${record?.id}/history`).then(
        (a) => a.results,
      ),
  });
  if (!record) return null;
  const empty = translate('admin.content.history.empty_value');
  // A state in the back office's words; any other value as stored.
  const value = (field: string, v: unknown) =>
    field === 'status' && typeof v === 'string'
      ? translate(`admin.content.states.${v}`, { _: v })
      : shown(v, empty);
  const restore = async (version: number) => {
    setBusy(true);
    try {
      const restored = await api<ContentRecord>('POST', `/content/${section}/${record.id}/restore`, {
        version: record.version,
        restore: version,
      });
      const message = restored.working_copy
        ? 'admin.content.history.restored_working'
        : 'admin.content.history.restored';
      notify(message, { type: 'success', messageArgs: { version } });
      refresh();
      await refetch();
    } catch (error) {
      notify(errorText(translate, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="section" aria-labelledby="content-history" sx={{ mt: 2, p: 2 }}>
      <Typography id="content-history" variant="h6" component="h2" gutterBottom>
        {translate('admin.content.history.title')}
      </Typography>
      {data?.length === 0 && <Typography>{translate('admin.content.history.empty')}</Typography>}
      <Stack spacing={2}>
        {data?.map((entry) => (
          <Box key={entry.version} component="article" sx={{ borderTop: 1, borderColor: 'divider', pt: 1 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Typography variant="subtitle2" component="h3" sx={{ flex: 1 }}>
                {translate('admin.content.history.version', { version: entry.version })}
                {' · '}
                {dateTime(entry.changed_at)}
                {' · '}
                {entry.staff
                  ? entry.staff.name || entry.staff.email
                  : translate('admin.content.history.unknown')}
                {' · '}
                {translate('admin.content.history.state', {
                  status: translate(`admin.content.states.${entry.status}`, { _: entry.status }),
                })}
                {entry.import && ' · '}
                {entry.import &&
                  translate(`admin.content.history.${entry.import.undo ? 'import_undo' : 'import'}`, {
                    file: entry.import.file_name,
                    time: dateTime(entry.import.created_at),
                  })}
              </Typography>
              {entry.version !== record.version && (
                <Button
                  size="small"
                  startIcon={<RestoreIcon />}
                  disabled={busy}
                  onClick={() => void restore(entry.version)}
                >
                  {translate('admin.content.history.restore')}
                </Button>
              )}
            </Stack>
            {Object.keys(entry.changes).length > 0 && (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small">
                  <TableHead>
                    <TableRow>
                      <TableCell>{translate('admin.content.history.field')}</TableCell>
                      <TableCell>{translate('admin.content.history.old')}</TableCell>
                      <TableCell>{translate('admin.content.history.new')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {Object.entries(entry.changes).map(([field, change]) => (
                      <TableRow key={field}>
                        <TableCell>{translate(fieldLabel(section, field), { _: field })}</TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>
                          <HistoryValue section={section} field={field} value={change.old} shown={value} />
                        </TableCell>
                        <TableCell sx={{ wordBreak: 'break-word' }}>
                          <HistoryValue section={section} field={field} value={change.new} shown={value} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
