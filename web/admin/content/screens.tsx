import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import DownloadIcon from '@mui/icons-material/Download';
import PublishIcon from '@mui/icons-material/Publish';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  Alert,
  AlertTitle,
  Box,
  Chip,
  Button as MuiButton,
  Paper,
  Stack,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import {
  AutocompleteInput,
  Button,
  Confirm,
  Create,
  CreateButton,
  DataTable,
  DeleteButton,
  Edit,
  FilterButton,
  List,
  required,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  SimpleList,
  Toolbar,
  TopToolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { factsOfFields } from '../../../common/coverage';
import { type EditableSection, editableOf, previewable } from '../../../common/editorial';
import { MomentInput } from '../i18n/date-inputs';
import { DateField } from '../i18n/dates';
import { errorText } from '../providers/error-text';
import { ApiError, api } from '../providers/http';
import { DuplicateButton, SelectionBar, SelectRow } from './bulk-actions';
import { type Counts, CountsLine, withPictures } from './counts';
import { useDirectory } from './directories';
import {
  applyMine,
  type ContentRecord,
  emptyItem,
  fieldsOf,
  type ItemStatus,
  inputOf,
  type MergeConflict,
  type SaveValues,
  statesOf,
  toSave,
} from './document';
import { fieldLabel, languageMarks } from './field-texts';
import { FieldInput } from './fields';
import { HistoryPanel, shown } from './history';

// Colours whose text keeps the 4.5:1 contrast (MUI's "info" and "warning" do not with white).
const stateColour: Record<ItemStatus, 'success' | 'default' | 'primary'> = {
  published: 'success',
  draft: 'default',
  scheduled: 'primary',
  archived: 'default',
};

export function StatusChip({ status, changes }: { status: ItemStatus; changes?: boolean }) {
  const translate = useTranslate();
  const chip = (
    <Chip
      size="small"
      variant={status === 'published' || status === 'draft' ? 'outlined' : 'filled'}
      color={stateColour[status]}
      label={translate(`admin.content.states.${status}`)}
    />
  );
  if (!changes) return chip;
  // a published item whose working copy the site does not show yet: both facts, side by side
  return (
    <Stack direction="row" spacing={0.5}>
      {chip}
      {/* a dark orange: the theme's warning colour is below 4.5:1 against white for small text */}
      <Chip
        size="small"
        variant="outlined"
        sx={{ color: '#9a3d00', borderColor: '#9a3d00' }}
        label={translate('admin.content.changes_unpublished')}
      />
    </Stack>
  );
}

/** The languages a row lacks, as small chips; nothing when it has them all. */
function MissingChips({ missing }: { missing: string[] }) {
  const translate = useTranslate();
  if (missing.length === 0) return null;
  return (
    <Stack direction="row" spacing={0.5}>
      {missing.map((lang) => (
        <Chip
          key={lang}
          size="small"
          variant="outlined"
          label={translate(`admin.content.missing_${lang}`, { _: lang })}
        />
      ))}
    </Stack>
  );
}

/** How complete the section is: items per state, without a translation, without a real photo. */
function SummaryLine({ section }: { section: EditableSection }) {
  const { data } = useQuery({
    queryKey: ['content-summary', section],
    queryFn: () => api<Counts>('GET', `/content/${section}/summary`),
  });
  if (!data) return null;
  return <CountsLine section={section} counts={data} />;
}

/**
 * The section as a spreadsheet, every item and field (the server makes it; a plain link downloads
 * it, the session cookie goes with it).
 */
function ExportLinks({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  return (
    <>
      {(['csv', 'xlsx'] as const).map((format) => (
        <MuiButton
          key={format}
          size="small"
          startIcon={<DownloadIcon />}
          href={`/api/admin/export/${section}.${format}`}
          download
          title={translate('admin.content.export_hint')}
        >
          {translate(`admin.content.export_${format}`)}
        </MuiButton>
      ))}
    </>
  );
}

/** The screen that reads an edited export back (content/import.tsx): a dry run first, then apply. */
function ImportLink({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  return (
    <MuiButton
      size="small"
      startIcon={<UploadFileIcon />}
      component={RouterLink}
      to={`/import/${section}`}
      title={translate('admin.content.import.hint')}
    >
      {translate('admin.content.import.button')}
    </MuiButton>
  );
}

function ListActions({ section }: { section: EditableSection }) {
  return (
    // wraps on a phone: the filter, export, import and create buttons are wider than its screen
    <TopToolbar sx={{ flexWrap: 'wrap' }}>
      <FilterButton />
      <ExportLinks section={section} />
      <ImportLink section={section} />
      {editableOf(section).create !== false && <CreateButton />}
    </TopToolbar>
  );
}

/** Whether a kind's items are in a district (the list shows and filters it). */
const byDistrict = (section: EditableSection) =>
  fieldsOf(section).some((f) => f.name === 'district_id') || section === 'directions';

/** Whether a kind's items have states besides "published" (drafts, archive). */
const withStates = (section: EditableSection) => statesOf(section).length > 1;

function useFilters(section: EditableSection) {
  const translate = useTranslate();
  const { data: districts = [] } = useDirectory('district');
  return useMemo(
    () => [
      <SearchInput key="q" source="q" alwaysOn />,
      ...(withStates(section)
        ? [
            <SelectInput
              key="status"
              source="status"
              label={fieldLabel(section, 'status')}
              choices={statesOf(section).map((s) => ({
                id: s,
                name: translate(`admin.content.states.${s}`),
              }))}
              alwaysOn
            />,
          ]
        : []),
      <SelectInput
        key="missing"
        source="missing"
        label="admin.content.missing_filter"
        choices={[
          { id: 'en', name: translate('admin.content.missing_en') },
          { id: 'zh', name: translate('admin.content.missing_zh') },
          // the facts of the dashboard's coverage table this kind has fields for
          ...factsOfFields(fieldsOf(section)).map((fact) => ({
            id: fact,
            name: translate(`admin.content.missing_${fact}`),
          })),
        ]}
        alwaysOn
      />,
      ...(withStates(section)
        ? [
            <SelectInput
              key="changes"
              source="changes"
              label="admin.content.changes_filter"
              choices={[{ id: 'unpublished', name: translate('admin.content.changes_unpublished') }]}
            />,
          ]
        : []),
      ...(withPictures(section)
        ? [
            <SelectInput
              key="photo"
              source="photo"
              label="admin.counts.photo_filter"
              choices={[
                { id: 'without', name: translate('admin.counts.photo_without') },
                { id: 'with', name: translate('admin.counts.photo_with') },
              ]}
            />,
          ]
        : []),
      ...(byDistrict(section)
        ? [
            <AutocompleteInput
              key="district"
              source="district_id"
              label={fieldLabel(section, 'district_id')}
              choices={districts}
            />,
          ]
        : []),
    ],
    [section, translate, districts],
  );
}

/** The items of one section, published or not: search, filters, sort by number, name or change. */
function ContentList({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = useFilters(section);
  const { data: districts = [] } = useDirectory('district');
  const districtName = (id: number | null) => districts.find((d) => d.id === id)?.name ?? '';
  type Row = ContentRecord & { name: string; district_id: number | null };
  return (
    <List
      resource={`content/${section}`}
      filters={filters}
      actions={<ListActions section={section} />}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
    >
      <SummaryLine section={section} />
      {!phone && <SelectionBar section={section} />}
      {phone ? (
        <SimpleList<Row>
          primaryText={(r) => r.name}
          secondaryText={(r) =>
            [
              translate(`admin.content.states.${r.status}`),
              ...(r.working_copy ? [translate('admin.content.changes_unpublished')] : []),
              ...r.missing.map((l) => translate(`admin.content.missing_${l}`, { _: l })),
            ].join(' · ')
          }
          tertiaryText={(r) => `№ ${r.id}`}
          linkType="edit"
        />
      ) : (
        <DataTable rowClick="edit" bulkActionButtons={false}>
          <DataTable.Col
            source="selected"
            label={translate('admin.bulk.select')}
            disableSort
            render={() => <SelectRow />}
          />
          <DataTable.Col source="id" label={fieldLabel(section, 'id')} />
          <DataTable.Col source="name" label={fieldLabel(section, 'name')} />
          {withStates(section) && (
            <DataTable.Col
              source="status"
              label={fieldLabel(section, 'status')}
              disableSort
              render={(r: Row) => <StatusChip status={r.status} changes={r.working_copy} />}
            />
          )}
          <DataTable.Col
            source="missing"
            label={fieldLabel(section, 'missing')}
            disableSort
            render={(r: Row) => <MissingChips missing={r.missing} />}
          />
          {byDistrict(section) && (
            <DataTable.Col
              source="district_id"
              label={fieldLabel(section, 'district_id')}
              disableSort
              render={(r: Row) => districtName(r.district_id)}
            />
          )}
          <DataTable.Col source="updated_at" label={fieldLabel(section, 'updated_at')}>
            <DateField source="updated_at" showTime />
          </DataTable.Col>
        </DataTable>
      )}
    </List>
  );
}

/** A refused save that the form shows until the next one: a 409's message, the fields changed and the stored item. */
interface Refusal {
  message: string;
  changed: string[];
  current: ContentRecord;
}
const RefusalContext = createContext<[Refusal | null, (r: Refusal | null) => void]>([null, () => {}]);

/** The fields both editors changed after "apply my changes", and the choices made so far (by input path). */
interface Settling {
  /** The stored version the merge was made on: a save (a new version) ends it. */
  version: number;
  conflicts: MergeConflict[];
  chosen: Record<string, 'theirs' | 'mine'>;
}
const SettlingContext = createContext<[Settling | null, (s: Settling | null) => void]>([null, () => {}]);

function RefusalProvider({ children }: { children: ReactNode }) {
  const refusal = useState<Refusal | null>(null);
  const settling = useState<Settling | null>(null);
  return (
    <RefusalContext.Provider value={refusal}>
      <SettlingContext.Provider value={settling}>{children}</SettlingContext.Provider>
    </RefusalContext.Provider>
  );
}

/** The form input a conflict is about: a language of a translated text, a field, or the state. */
const inputPath = (c: MergeConflict) =>
  c.field === 'status' ? 'status' : c.lang ? `document.${c.field}.${c.lang}` : `document.${c.field}`;
/** A side's value as the input holds it (a state conflict compares the states). */
const inputValue = (c: MergeConflict, side: 'theirs' | 'mine') =>
  c.field === 'status' ? (c[side] as { status: string }).status : c[side];
const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The conflicts the editor has not settled yet: neither side chosen, and the input still holding
 * their own text as the merge put it (an input edited into a merged text is settled).
 */
function useUnsettled(): MergeConflict[] {
  const [settling] = useContext(SettlingContext);
  const conflicts = settling?.conflicts ?? [];
  const values = useWatch({ name: conflicts.length ? conflicts.map(inputPath) : ['status'] }) as unknown[];
  return conflicts.filter(
    (c, i) => !settling?.chosen[inputPath(c)] && sameValue(values[i], inputValue(c, 'mine')),
  );
}
/** My changes put onto a stored version, waiting for the form to show that version. */
interface Pending {
  version: number;
  merged: SaveValues;
  fields: string[];
  conflicts: MergeConflict[];
}

/**
 * A 409 above the form, and "Apply my changes onto the new version": the stored version becomes
 * the form's record (its version goes with the next save) and only the fields this editor changed
 * since opening the form are put back on it (applyMine), as unsaved changes to review and save. A
 * field (a language of a text) the other editor changed too is not taken silently: both texts are
 * shown (MergePanel) and the save waits until the editor settled each.
 */
function RefusalAlert({ section }: { section: EditableSection }) {
  const [refusal, setRefusal] = useContext(RefusalContext);
  const [, setSettling] = useContext(SettlingContext);
  const [pending, setPending] = useState<Pending | null>(null);
  const record = useRecordContext<ContentRecord>();
  const { getValues, setValue } = useFormContext();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const labels = (fields: string[]) =>
    fields.map((f) => translate(fieldLabel(section, f), { _: f })).join(', ');
  useEffect(() => {
    if (!pending || record?.version !== pending.version) return;
    // After react-admin's own reset of the form to the new record (an effect of the form, which
    // runs after this one of its child).
    const timer = setTimeout(() => {
      const dirty = { shouldDirty: true, shouldValidate: true };
      for (const field of pending.fields) {
        if (field === 'status') {
          setValue('status', pending.merged.status, dirty);
          setValue('publish_at', pending.merged.publish_at, dirty);
        } else setValue(`document.${field}`, pending.merged.document[field], dirty);
      }
      setSettling(
        pending.conflicts.length
          ? { version: pending.version, conflicts: pending.conflicts, chosen: {} }
          : null,
      );
      notify(
        translate(pending.conflicts.length ? 'admin.content.merge.applied' : 'admin.content.applied_mine', {
          fields: labels(pending.fields) || '—',
          count: pending.conflicts.length,
        }),
        { type: 'info' },
      );
      setPending(null);
    });
    return () => clearTimeout(timer);
  });
  if (!refusal || !record) return null;
  const apply = () => {
    const { current } = refusal;
    const { merged, fields, conflicts } = applyMine(
      toSave(section, { ...record }),
      toSave(section, getValues()),
      { status: current.status, publish_at: current.publish_at, document: current.document },
    );
    setPending({ version: current.version, merged, fields, conflicts });
    queryClient.setQueryData([`content/${section}`, 'getOne', { id: String(record.id) }], current);
    setRefusal(null);
  };
  return (
    <Alert severity="warning" sx={{ width: '100%', mb: 2 }} role="alert">
      <AlertTitle>{translate('admin.content.conflict_title')}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {refusal.message}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('admin.content.conflict_fields', { fields: labels(refusal.changed) || '—' })}
      </Typography>
      {/* MUI's button: react-admin's shows only its icon on a phone, and this one has none */}
      <MuiButton variant="contained" onClick={apply}>
        {translate('admin.content.apply_mine')}
      </MuiButton>
    </Alert>
  );
}

/** One side of a conflict: its text as it reads, and the button that takes it. */
function Side({
  title,
  text,
  choose,
  chosen,
}: {
  title: string;
  text: string;
  choose: { label: string; onClick: () => void };
  chosen: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 1.5, flex: 1, minWidth: 0, borderColor: chosen ? 'success.main' : undefined }}
    >
      <Typography variant="caption" component="p" color="text.secondary">
        {title}
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', my: 1 }}>
        {text}
      </Typography>
      <MuiButton size="small" variant={chosen ? 'contained' : 'outlined'} onClick={choose.onClick}>
        {choose.label}
      </MuiButton>
    </Paper>
  );
}

/**
 * The fields both editors changed, each with their text and mine side by side: the editor takes
 * one, or edits the form's input into a merged text. Until each is settled the save is disabled.
 */
function MergePanel({ section }: { section: EditableSection }) {
  const [settling, setSettling] = useContext(SettlingContext);
  const unsettled = useUnsettled();
  const record = useRecordContext<ContentRecord>();
  const { setValue } = useFormContext();
  const translate = useTranslate();
  // saved: the form shows a newer version, and nothing is left to settle
  useEffect(() => {
    if (settling && record && record.version !== settling.version) setSettling(null);
  }, [settling, record, setSettling]);
  if (!settling?.conflicts.length || record?.version !== settling.version) return null;
  const empty = translate('admin.content.history.empty_value');
  const text = (c: MergeConflict, side: 'theirs' | 'mine') =>
    c.field === 'status' ? translate(`admin.content.states.${inputValue(c, side)}`) : shown(c[side], empty);
  const labelOf = (c: MergeConflict) => {
    const label = translate(fieldLabel(section, c.field), { _: c.field });
    return c.lang ? `${label} (${languageMarks[c.lang as keyof typeof languageMarks] ?? c.lang})` : label;
  };
  const take = (c: MergeConflict, side: 'theirs' | 'mine') => {
    const dirty = { shouldDirty: true, shouldValidate: true };
    if (c.field === 'status') {
      const state = c[side] as { status: string; publish_at: string | null };
      setValue('status', state.status, dirty);
      setValue('publish_at', state.publish_at, dirty);
    } else setValue(inputPath(c), c[side], dirty);
    setSettling({ ...settling, chosen: { ...settling.chosen, [inputPath(c)]: side } });
  };
  return (
    <Alert
      severity={unsettled.length ? 'warning' : 'success'}
      sx={{ width: '100%', mb: 2, '& .MuiAlert-message': { width: '100%' } }}
      component="section"
      // a region the editor works in, not an alert read out at once (MUI's Alert is role="alert")
      role="region"
      aria-labelledby="merge-title"
    >
      <AlertTitle id="merge-title" component="h2">
        {translate('admin.content.merge.title')}
      </AlertTitle>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate(unsettled.length ? 'admin.content.merge.help' : 'admin.content.merge.settled', {
          count: unsettled.length,
        })}
      </Typography>
      <Stack spacing={2}>
        {settling.conflicts.map((c) => {
          const chosen = settling.chosen[inputPath(c)];
          const open = unsettled.includes(c);
          return (
            <Box component="section" key={inputPath(c)} aria-label={labelOf(c)}>
              <Typography variant="subtitle2" component="h3">
                {labelOf(c)}
                {' — '}
                {translate(
                  open
                    ? 'admin.content.merge.open'
                    : chosen
                      ? `admin.content.merge.chosen_${chosen}`
                      : 'admin.content.merge.edited',
                )}
              </Typography>
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 0.5 }}>
                <Side
                  title={translate('admin.content.merge.theirs')}
                  text={text(c, 'theirs')}
                  chosen={chosen === 'theirs'}
                  choose={{
                    label: translate('admin.content.merge.take_theirs'),
                    onClick: () => take(c, 'theirs'),
                  }}
                />
                <Side
                  title={translate('admin.content.merge.mine')}
                  text={text(c, 'mine')}
                  chosen={chosen === 'mine'}
                  choose={{
                    label: translate('admin.content.merge.take_mine'),
                    onClick: () => take(c, 'mine'),
                  }}
                />
              </Stack>
            </Box>
          );
        })}
      </Stack>
    </Alert>
  );
}

/**
 * Whether the form edits a published item that stays published: its save is then "save as working
 * copy" (the site unchanged) or "publish changes". A kind that is simply saved has no working copy.
 */
function useEditingPublished(section: EditableSection): boolean {
  const record = useRecordContext<ContentRecord>();
  const status = useWatch({ name: 'status' }) as ItemStatus | undefined;
  return withStates(section) && record?.status === 'published' && status === 'published' && !!record.id;
}

/**
 * "Discard changes": drops the working copy (based on the version the form was opened with) and
 * reads the item again, so the form shows the published version.
 */
function DiscardButton({ section, small }: { section: EditableSection; small: boolean }) {
  const record = useRecordContext<ContentRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [, setRefusal] = useContext(RefusalContext);
  const { reset } = useFormContext();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!record?.working_copy) return null;
  const discard = async () => {
    setBusy(true);
    try {
      await api('POST', `/content/${section}/${record.id}/discard`, { version: record.version });
      // the edits are gone on purpose: no "unsaved changes" warning when the form is read again
      reset(undefined, { keepValues: true });
      notify('admin.content.discarded', { type: 'info' });
      refresh();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && error.body.current) {
        setRefusal({
          message: errorText(translate, error),
          changed: error.body.changed ?? [],
          current: error.body.current as unknown as ContentRecord,
        });
        window.scrollTo({ top: 0 });
      }
      notify(error instanceof ApiError ? errorText(translate, error) : 'ra.notification.http_error', {
        type: 'error',
      });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <>
      <Button
        label="admin.content.discard_changes"
        variant="outlined"
        // the toolbar's own text colour: the theme's blue on its grey is short of AA contrast
        color="inherit"
        size={small ? 'small' : 'medium'}
        disabled={busy}
        onClick={() => setAsking(true)}
      >
        <DeleteSweepIcon />
      </Button>
      <Confirm
        isOpen={asking}
        loading={busy}
        title="admin.content.discard_title"
        content="admin.content.discard_text"
        onConfirm={discard}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/**
 * The state of a published item's form: "Published · unpublished changes" while a working copy
 * waits, else what its two buttons do (a working copy, or publishing at once).
 */
function WorkingCopyNote({ section }: { section: EditableSection }) {
  const record = useRecordContext<ContentRecord>();
  const translate = useTranslate();
  const editingPublished = useEditingPublished(section);
  if (!editingPublished || !record) return null;
  return record.working_copy ? (
    <Alert severity="warning" sx={{ mb: 2, width: '100%' }} data-testid="working-copy-state">
      <AlertTitle>{translate('admin.content.working_state')}</AlertTitle>
      {translate('admin.content.working_hint')}
    </Alert>
  ) : (
    <Alert severity="info" sx={{ mb: 2, width: '100%' }}>
      {translate('admin.content.published_hint')}
    </Alert>
  );
}

/**
 * The form's save: on a refusal the input stays in the form; a 409 is shown above the form, an error
 * naming a field goes under that field's input. A published item's form (its state left at
 * "published") never changes the site by its first button: that one saves a working copy, and the
 * site changes only by "Publish changes", the deliberate second step (then "Discard changes" once a
 * working copy waits). Any other state, and a kind without working copies, has the single save.
 */
function ContentToolbar({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const editingPublished = useEditingPublished(section);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [, setRefusal] = useContext(RefusalContext);
  const unsettled = useUnsettled();
  const notify = useNotify();
  const { formState, clearErrors, setError } = useFormContext();
  const { errors } = formState;
  // react-admin puts a refused save's field error under the field's name as the server gives it
  // (`images`, `name`): moved to the field's input, or it would stay where no input clears it and
  // block every later save.
  useEffect(() => {
    for (const [key, error] of Object.entries(errors)) {
      if (['document', 'status', 'publish_at', 'root'].includes(key)) continue;
      clearErrors(key);
      setError(inputOf(section, key), { type: 'server', message: String(error?.message ?? '') });
    }
  }, [errors, clearErrors, setError, section]);
  const record = useRecordContext<ContentRecord>();
  const saving = {
    type: 'button' as const,
    // a field both editors changed waits for the editor's choice (MergePanel)
    disabled: unsettled.length > 0,
    // The pictures (the item's and each single picture, like the share picture) have no input of
    // their own that a new attempt would check again: a refusal of one (a photo without alt text,
    // mended in the library) would otherwise block every later save.
    onClick: () => {
      clearErrors([
        'document.images',
        ...fieldsOf(section)
          .filter((f) => f.kind === 'picture')
          .map((f) => `document.${f.name}`),
      ]);
      setRefusal(null);
    },
    mutationOptions: {
      onError: (error: unknown) => {
        if (error instanceof ApiError && error.status === 409) {
          setRefusal({
            message: errorText(translate, error),
            changed: error.body.changed ?? [],
            current: error.body.current as unknown as ContentRecord,
          });
          window.scrollTo({ top: 0 });
        }
        notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
      },
    },
  };
  const workingSave = (
    <SaveButton
      {...saving}
      label="admin.content.save_working"
      transform={(data: Record<string, unknown>) => ({ ...toSave(section, data), status: 'working' })}
      mutationOptions={{
        ...saving.mutationOptions,
        onSuccess: () => notify('admin.content.working_saved', { type: 'info' }),
      }}
      // on a phone the toolbar stays at the bottom of the screen: the first save on its own line, the others below
      sx={{ width: { xs: '100%', sm: 'auto' } }}
    />
  );
  return (
    // an outlined button's blue reads at 4.35:1 on the toolbar's grey: on white it reads at 5.7:1
    <Toolbar sx={{ flexWrap: 'wrap', gap: 1, '& .MuiButton-outlined': { bgcolor: 'background.paper' } }}>
      {/* type="button": the save's own error handling below (a submit button takes the form's). */}
      {editingPublished ? (
        <>
          {workingSave}
          <SaveButton
            {...saving}
            label="admin.content.publish_changes"
            variant="outlined"
            size={phone ? 'small' : 'medium'}
            icon={<PublishIcon />}
            // publishing a waiting working copy as it is needs no edit in the form; without one,
            // an unedited form has nothing the site does not show already
            {...(record?.working_copy ? { alwaysEnable: unsettled.length === 0 } : {})}
          />
          <DiscardButton section={section} small={phone} />
        </>
      ) : (
        <SaveButton {...saving} />
      )}
      {editableOf(section).delete && <DeleteButton mutationMode="pessimistic" sx={{ ml: 'auto' }} />}
    </Toolbar>
  );
}

/** The state, and the time a scheduled item goes public. */
function StatusInputs({ section }: { section: EditableSection }) {
  const translate = useTranslate();
  const status = useWatch({ name: 'status' }) as ItemStatus | undefined;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
      <SelectInput
        source="status"
        label={fieldLabel(section, 'status')}
        choices={statesOf(section).map((s) => ({ id: s, name: translate(`admin.content.states.${s}`) }))}
        validate={required()}
      />
      {status === 'scheduled' && (
        <MomentInput source="publish_at" label={fieldLabel(section, 'publish_at')} validate={required()} />
      )}
    </Stack>
  );
}

function ContentForm({ section, create }: { section: EditableSection; create?: boolean }) {
  return (
    <SimpleForm
      toolbar={<ContentToolbar section={section} />}
      warnWhenUnsavedChanges
      {...(create ? { defaultValues: emptyItem(section) } : {})}
      sx={{ maxWidth: 1400 }}
    >
      <RefusalAlert section={section} />
      <MergePanel section={section} />
      <WorkingCopyNote section={section} />
      {withStates(section) && <StatusInputs section={section} />}
      {fieldsOf(section).map((field) => (
        <FieldInput key={field.name} section={section} field={field} />
      ))}
    </SimpleForm>
  );
}

function ItemTitle({ section }: { section: EditableSection }) {
  const record = useRecordContext<ContentRecord>();
  const translate = useTranslate();
  const name = (record?.document?.[editableOf(section).title ?? 'name'] as { ru?: string } | undefined)?.ru;
  return <span>{name ?? translate(`admin.content.sections.${section}`)}</span>;
}

/**
 * Opens the item's public page as it would look with its saved document, whatever its state
 * (/preview/…: staff only, never cached or indexed). Unsaved input is not in it: save first.
 */
function PreviewButton({ section }: { section: EditableSection }) {
  const record = useRecordContext<ContentRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Button
      component="a"
      href={`/preview/${section}/${record.id}`}
      target="_blank"
      rel="noopener"
      label="admin.content.preview"
      title={translate('admin.content.preview_hint')}
    >
      <VisibilityIcon />
    </Button>
  );
}

function EditActions({ section }: { section: EditableSection }) {
  const { create, single } = editableOf(section);
  return (
    <TopToolbar>
      {create !== false && !single && <DuplicateButton section={section} />}
      {previewable(section) && <PreviewButton section={section} />}
    </TopToolbar>
  );
}

function ContentEdit({ section, id }: { section: EditableSection; id?: number }) {
  return (
    <RefusalProvider>
      <Edit
        resource={`content/${section}`}
        {...(id ? { id } : {})}
        actions={<EditActions section={section} />}
        mutationMode="pessimistic"
        transform={(data: Record<string, unknown>) => toSave(section, data)}
        title={<ItemTitle section={section} />}
        redirect={false}
      >
        <ContentForm section={section} />
        <HistoryPanel section={section} />
      </Edit>
    </RefusalProvider>
  );
}

function ContentCreate({ section }: { section: EditableSection }) {
  return (
    <RefusalProvider>
      <Create
        resource={`content/${section}`}
        transform={(data: Record<string, unknown>) => toSave(section, data)}
        redirect="edit"
      >
        <ContentForm section={section} create />
      </Create>
    </RefusalProvider>
  );
}

/**
 * The list, edit and create screens of one kind, made from its fields (common/editorial.ts). A
 * kind with a single item (the main page) opens on its form; a fixed set has no create screen.
 */
export function contentScreens(section: EditableSection) {
  const { single, create } = editableOf(section);
  return {
    list: single
      ? () => <ContentEdit section={section} id={single} />
      : () => <ContentList section={section} />,
    edit: () => <ContentEdit section={section} />,
    ...(create === false ? {} : { create: () => <ContentCreate section={section} /> }),
  };
}
