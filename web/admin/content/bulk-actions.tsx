import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  MenuItem,
  Button as MuiButton,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  Button,
  Form,
  type Identifier,
  required,
  useListContext,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
  useTranslate,
  useUnselectAll,
} from 'react-admin';
import { bulkFilterMax, listCountCap } from '../../../common/admin-api';
import {
  type EditableSection,
  type EditorialField,
  editableOf,
  type ReferenceSource,
  schedulable,
} from '../../../common/editorial';
import { MomentInput } from '../i18n/date-inputs';
import { errorText } from '../providers/error-text';
import { ApiError, api } from '../providers/http';
import { useDirectory } from './directories';
import { statesOf } from './document';
import { fieldLabel } from './field-texts';

// What an editor does to several items of a list at once (the server applies it to all of them or
// to none: server/modules/admin/content/bulk.ts), and the copy of one item. The actions offered
// follow the section: its states, whether it can be scheduled, its reference fields.

type Bulk =
  | { action: 'publish' | 'draft' | 'archive' }
  | { action: 'schedule'; publish_at: string }
  | { action: 'set' | 'add' | 'remove'; field: string; value: number | null };

/** The refused items a dialog lists (an action on thousands may refuse thousands). */
const shownRefusals = 100;

type Reference = Extract<EditorialField, { kind: 'reference' }>;
const referencesOf = (section: EditableSection) =>
  editableOf(section).fields.filter((f): f is Reference => f.kind === 'reference');

/** The refused items of a 400 `bulk_refused`, each with its reason in the back office's words. */
function refusals(translate: ReturnType<typeof useTranslate>, error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.body.items) return [];
  return error.body.items.map(
    (item) =>
      `№ ${item.id}: ${errorText(translate, new ApiError(item.message, 400, { statusCode: 400, error: '', message: item.message, code: item.code, ...(item.params ? { params: item.params } : {}) }))}`,
  );
}

/**
 * What a list's filter is sent as when everything it matches is selected: its values without the
 * empty ones (as the list's query leaves them out), a district as its number.
 */
export type ListFilter = Record<string, unknown>;
function filterOf(values: ListFilter): ListFilter {
  const out: ListFilter = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    out[key] = key === 'district_id' ? Number(value) : value;
  }
  return out;
}

/**
 * Sends one action for the selected items, or for everything the list's filter matches (`filter`:
 * the server finds them as the list does, past the page); says how many changed, or which items
 * refused it.
 */
function useBulk(section: EditableSection, onRefused: (lines: string[]) => void, filter: ListFilter | null) {
  const { selectedIds } = useListContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const unselectAll = useUnselectAll(`content/${section}`);
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const run = async (body: Bulk) => {
    setBusy(true);
    try {
      const done = await api<{ changed: number; unchanged: number }>('POST', `/bulk/${section}`, {
        ...(filter ? { filter: filterOf(filter) } : { ids: selectedIds }),
        ...body,
      });
      notify('admin.bulk.done', {
        type: 'success',
        messageArgs: { changed: done.changed, unchanged: done.unchanged },
      });
      unselectAll();
      refresh();
      void client.invalidateQueries({ queryKey: ['content-summary', section] });
      return true;
    } catch (error) {
      const lines = refusals(translate, error);
      if (lines.length) onRefused(lines);
      else notify(errorText(translate, error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}

/** The time a schedule puts the selected items on the site. */
function ScheduleDialog({
  section,
  onClose,
  run,
}: {
  section: EditableSection;
  onClose: () => void;
  run: (b: Bulk) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate('admin.bulk.schedule_title')}</DialogTitle>
      <Form
        onSubmit={async (values: Record<string, unknown>) => {
          if (await run({ action: 'schedule', publish_at: String(values.publish_at) })) onClose();
        }}
      >
        <DialogContent>
          <MomentInput source="publish_at" label={fieldLabel(section, 'publish_at')} validate={required()} />
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
          <MuiButton type="submit" variant="contained">
            {translate('admin.bulk.schedule')}
          </MuiButton>
        </DialogActions>
      </Form>
    </Dialog>
  );
}

/** A reference field of the selected items: one value set, or one value added to or taken from a list. */
function FieldDialog({
  section,
  onClose,
  run,
}: {
  section: EditableSection;
  onClose: () => void;
  run: (b: Bulk) => Promise<boolean>;
}) {
  const translate = useTranslate();
  const titleId = useId();
  const fields = referencesOf(section);
  const [name, setName] = useState(fields[0]?.name ?? '');
  const field = fields.find((f) => f.name === name) as Reference;
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const [value, setValue] = useState<number | ''>('');
  const { data: choices = [] } = useDirectory(field.source as ReferenceSource);
  const submit = async () => {
    if (value === '') return;
    const action = field.many ? mode : 'set';
    if (await run({ action, field: field.name, value })) onClose();
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{translate('admin.bulk.field_title')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label={translate('admin.bulk.field')}
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            setValue('');
          }}
        >
          {fields.map((f) => (
            <MenuItem key={f.name} value={f.name}>
              {translate(fieldLabel(section, f.name))}
            </MenuItem>
          ))}
        </TextField>
        {field.many && (
          <RadioGroup row value={mode} onChange={(e) => setMode(e.target.value as 'add' | 'remove')}>
            <FormControlLabel value="add" control={<Radio />} label={translate('admin.bulk.add')} />
            <FormControlLabel value="remove" control={<Radio />} label={translate('admin.bulk.remove')} />
          </RadioGroup>
        )}
        <TextField
          select
          label={translate('admin.bulk.value')}
          value={value}
          onChange={(e) => setValue(Number(e.target.value))}
        >
          {choices.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.name}
            </MenuItem>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <MuiButton onClick={onClose}>{translate('ra.action.cancel')}</MuiButton>
        <MuiButton variant="contained" disabled={value === ''} onClick={() => void submit()}>
          {translate('admin.bulk.apply')}
        </MuiButton>
      </DialogActions>
    </Dialog>
  );
}

/** The buttons over a list's selection (`filter`: everything the list matches is selected). */
export function BulkActions({
  section,
  filter = null,
}: {
  section: EditableSection;
  filter?: ListFilter | null;
}) {
  const translate = useTranslate();
  const [refused, setRefused] = useState<string[]>([]);
  const [dialog, setDialog] = useState<'schedule' | 'field' | null>(null);
  const { run, busy } = useBulk(section, setRefused, filter);
  const states = statesOf(section);
  const refusedTitle = useId();
  return (
    <>
      {states.includes('published') && states.length > 1 && (
        <Button label="admin.bulk.publish" disabled={busy} onClick={() => void run({ action: 'publish' })} />
      )}
      {states.includes('draft') && (
        <Button label="admin.bulk.draft" disabled={busy} onClick={() => void run({ action: 'draft' })} />
      )}
      {states.includes('archived') && (
        <Button label="admin.bulk.archive" disabled={busy} onClick={() => void run({ action: 'archive' })} />
      )}
      {schedulable.includes(section) && (
        <Button label="admin.bulk.schedule_more" disabled={busy} onClick={() => setDialog('schedule')} />
      )}
      {referencesOf(section).length > 0 && (
        <Button label="admin.bulk.field_more" disabled={busy} onClick={() => setDialog('field')} />
      )}
      {dialog === 'schedule' && (
        <ScheduleDialog section={section} run={run} onClose={() => setDialog(null)} />
      )}
      {dialog === 'field' && <FieldDialog section={section} run={run} onClose={() => setDialog(null)} />}
      <Dialog open={refused.length > 0} onClose={() => setRefused([])} aria-labelledby={refusedTitle}>
        <DialogTitle id={refusedTitle}>{translate('admin.bulk.refused_title')}</DialogTitle>
        <DialogContent>
          <ul>
            {refused.slice(0, shownRefusals).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          {refused.length > shownRefusals && (
            <Typography variant="body2">
              {translate('admin.bulk.refused_more', { smart_count: refused.length - shownRefusals })}
            </Typography>
          )}
        </DialogContent>
        <DialogActions>
          <MuiButton onClick={() => setRefused([])}>{translate('ra.action.close')}</MuiButton>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * A row's selection box, labelled with the item's name on its input: react-admin's own puts its
 * label on the box's wrapper, where it is not allowed, and leaves the input unnamed.
 */
export function SelectRow() {
  const record = useRecordContext<{ id: Identifier; name?: string }>();
  const { selectedIds, onToggleItem } = useListContext();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Checkbox
      size="small"
      checked={selectedIds.includes(record.id)}
      onClick={(e) => e.stopPropagation()}
      onChange={() => onToggleItem(record.id)}
      slotProps={{
        input: {
          'aria-label': translate('admin.bulk.select_row', { name: record.name ?? `№ ${record.id}` }),
        },
      }}
    />
  );
}

/** Over the list: the page's items selected at once, how many are, and the actions on them. */
export function SelectionBar({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const { data = [], total = 0, selectedIds, filterValues, onSelect, onUnselectItems } = useListContext();
  const ids = data.map((r) => r.id);
  const all = ids.length > 0 && ids.every((id) => selectedIds.includes(id));
  // Past the page: every item the list's search and filters match. The page's rows stay selected;
  // the action names the list's filter instead of ids, and the server finds the items as the list
  // does. A row unticked, or another filter, ends it.
  const [everything, setEverything] = useState<string | null>(null);
  const filterKey = JSON.stringify(filterOf(filterValues ?? {}));
  const matching = everything !== null && everything === filterKey && all;
  // With a search or a gap's filter the list counts up to a limit: the number is a lower bound.
  const capped =
    total >= listCountCap &&
    ['q', 'missing', 'photo'].some((k) => filterOf(filterValues ?? {})[k] !== undefined);
  return (
    <Stack
      direction="row"
      useFlexGap
      sx={{ px: 1, py: 0.5, flexWrap: 'wrap', alignItems: 'center', gap: 1, minHeight: 48 }}
    >
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={all}
            indeterminate={!all && selectedIds.length > 0}
            onChange={() => (all ? onUnselectItems() : onSelect(ids))}
          />
        }
        label={translate('admin.bulk.select_page')}
      />
      {selectedIds.length > 0 && (
        <>
          <Typography variant="body2" role="status">
            {matching
              ? translate(capped ? 'admin.bulk.selected_capped' : 'admin.bulk.selected', {
                  smart_count: total,
                })
              : translate('admin.bulk.selected', { smart_count: selectedIds.length })}
          </Typography>
          {all && !matching && selectedIds.length < total && total <= bulkFilterMax && (
            <MuiButton size="small" onClick={() => setEverything(filterKey)}>
              {translate(capped ? 'admin.bulk.select_matching_capped' : 'admin.bulk.select_matching', {
                smart_count: total,
              })}
            </MuiButton>
          )}
          <BulkActions section={section} filter={matching ? JSON.parse(filterKey) : null} />
        </>
      )}
    </Stack>
  );
}

/** "Make a copy": a new draft with the item's fields, opened for editing. */
export function DuplicateButton({ section }: { section: EditableSection }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  return (
    <Button
      label="admin.bulk.duplicate"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const copy = await api<{ id: number }>('POST', `/content/${section}/${record.id}/duplicate`);
          notify('admin.bulk.duplicated', { type: 'success' });
          redirect('edit', `content/${section}`, copy.id);
        } catch (error) {
          notify(errorText(translate, error), { type: 'error' });
        } finally {
          setBusy(false);
        }
      }}
    >
      <ContentCopyIcon />
    </Button>
  );
}
