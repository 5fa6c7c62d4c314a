import UndoIcon from '@mui/icons-material/Undo';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Alert,
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  type Theme,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router';
import type { Static } from 'typebox';
import {
  type ContentImportT,
  type ImportList,
  type ImportPlanT,
  type ImportRowT,
  maxImportBytes,
} from '../../../common/admin-api';
import { isEditableSection } from '../../../common/editorial';
import { useDateTime } from '../i18n/dates';
import { errorText } from '../providers/error-text';
import { type AdminErrorBody, ApiError, api, xsrfToken } from '../providers/http';

// A section's spreadsheet read back (decision 46): choose the file, see the dry run (every changed
// cell before and after, new rows, refused rows with their reasons), apply it or cancel it; once
// applied, undo it as a whole. The server keeps the dry run; this screen only shows it.

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** How many lines of changes the screen lists (the counts say the rest). */
const shownLines = 500;

/** The file to the dry run: its bytes as the body, its name in the query (as a photo's upload). */
async function checkFile(section: string, file: File): Promise<ImportPlanT> {
  if (!xsrfToken()) await fetch('/api/admin/auth/me', { credentials: 'same-origin' }).catch(() => {});
  const type = /\.xlsx$/i.test(file.name) ? xlsxType : file.type || 'text/csv';
  let res: Response;
  try {
    res = await fetch(`/api/admin/import/${section}?name=${encodeURIComponent(file.name.slice(0, 200))}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': type, 'x-xsrf-token': xsrfToken() ?? '', accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new ApiError('admin.errors.network', 0, { statusCode: 0, error: 'Network', message: '' });
  }
  const body = (await res.json().catch(() => ({}))) as ImportPlanT & Partial<AdminErrorBody>;
  if (!res.ok)
    throw new ApiError(body.message ?? res.statusText, res.status, {
      ...body,
      statusCode: res.status,
      error: res.statusText,
      message: body.message ?? res.statusText,
    });
  return body;
}

/** A cell's text on one line, cut when long (a description, a JSON value); the whole in its title. */
function CellText({ text }: { text: string }) {
  const translate = useTranslate();
  if (!text)
    return (
      <Typography component="span" variant="body2" color="text.secondary">
        {translate('admin.content.history.empty_value')}
      </Typography>
    );
  return (
    <span title={text.length > 120 ? text : undefined}>
      {text.length > 120 ? `${text.slice(0, 119)}…` : text}
    </span>
  );
}

// The tables' boxes are `width: 0; min-width: 100%`: they take the screen's width, not the tables'
// (a wide table then scrolls in its box instead of widening the page on a phone).

/** Whether the screen is a phone's: the tables are then lists of lines, one under another. */
const usePhone = () => useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));

/** A line of a table on a phone: the row and item, then its column and what it says. */
function PhoneLine({ head, column, children }: { head: string; column: string | null; children: ReactNode }) {
  return (
    <Box component="li" sx={{ py: 1, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}>
      <Typography variant="body2" color="text.secondary">
        {head}
        {column && (
          <>
            {' · '}
            <code>{column}</code>
          </>
        )}
      </Typography>
      <Typography variant="body2" component="div" sx={{ wordBreak: 'break-word' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ChangesTable({ rows }: { rows: ImportRowT[] }) {
  const translate = useTranslate();
  const phone = usePhone();
  const lines = rows.flatMap((r) => r.changes.map((c) => ({ r, c })));
  const head = (r: ImportRowT) =>
    `${translate('admin.content.import.row')} ${r.row} · ${r.id ?? translate('admin.content.import.new_item')} ${r.name}`;
  if (phone)
    return (
      <Box component="ul" aria-label={translate('admin.content.import.changes')} sx={{ m: 0, p: 0 }}>
        {lines.slice(0, shownLines).map(({ r, c }) => (
          <PhoneLine key={`${r.row}:${c.column}`} head={head(r)} column={c.column}>
            <CellText text={c.old} /> → <CellText text={c.new} />
          </PhoneLine>
        ))}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
      <Table size="small" aria-label={translate('admin.content.import.changes')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('admin.content.import.row')}</TableCell>
            <TableCell>{translate('admin.content.import.item')}</TableCell>
            <TableCell>{translate('admin.content.import.column')}</TableCell>
            <TableCell>{translate('admin.content.import.old')}</TableCell>
            <TableCell>{translate('admin.content.import.new')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.slice(0, shownLines).map(({ r, c }) => (
            <TableRow key={`${r.row}:${c.column}`}>
              <TableCell>{r.row}</TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                {r.id ?? <Chip size="small" label={translate('admin.content.import.new_item')} />} {r.name}
              </TableCell>
              <TableCell>
                <code>{c.column}</code>
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word', minWidth: 120 }}>
                <CellText text={c.old} />
              </TableCell>
              <TableCell sx={{ wordBreak: 'break-word', minWidth: 120 }}>
                <CellText text={c.new} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {lines.length > shownLines && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('admin.content.import.more_rows', { count: lines.length - shownLines })}
        </Typography>
      )}
    </Box>
  );
}

function InvalidTable({ rows }: { rows: ImportRowT[] }) {
  const translate = useTranslate();
  const phone = usePhone();
  const lines = rows.flatMap((r) => r.issues.map((issue, i) => ({ r, issue, i })));
  const reason = (issue: ImportRowT['issues'][number]) =>
    errorText(
      translate,
      new ApiError(issue.message, 400, {
        statusCode: 400,
        error: '',
        message: issue.message,
        code: issue.code,
        params: { field: issue.column ?? '', ...issue.params },
      }),
    );
  if (phone)
    return (
      <Box component="ul" aria-label={translate('admin.content.import.invalid')} sx={{ m: 0, p: 0 }}>
        {lines.slice(0, shownLines).map(({ r, issue, i }) => (
          <PhoneLine
            key={`${r.row}:${i}`}
            head={`${translate('admin.content.import.row')} ${r.row} · ${r.id ?? ''} ${r.name}`}
            column={issue.column}
          >
            {reason(issue)}
          </PhoneLine>
        ))}
      </Box>
    );
  return (
    <Box sx={{ overflowX: 'auto', width: 0, minWidth: '100%' }}>
      <Table size="small" aria-label={translate('admin.content.import.invalid')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('admin.content.import.row')}</TableCell>
            <TableCell>{translate('admin.content.import.item')}</TableCell>
            <TableCell>{translate('admin.content.import.column')}</TableCell>
            <TableCell>{translate('admin.content.import.reason')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.slice(0, shownLines).map(({ r, issue, i }) => (
            <TableRow key={`${r.row}:${i}`}>
              <TableCell>{r.row}</TableCell>
              <TableCell sx={{ minWidth: 120 }}>
                {r.id ?? ''} {r.name}
              </TableCell>
              <TableCell>{issue.column ? <code>{issue.column}</code> : ''}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word', minWidth: 160 }}>{reason(issue)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The section's latest imports: when, which file, who, what it did, where it stands; an applied one can be undone. */
function RecentImports({ section }: { section: string }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const notify = useNotify();
  const queries = useQueryClient();
  const [busy, setBusy] = useState(false);
  const undo = async (id: string) => {
    setBusy(true);
    try {
      await api('POST', `/imports/${id}/undo`);
      notify('admin.content.import.undone', { type: 'success' });
      void queries.invalidateQueries();
    } catch (e) {
      notify(errorText(translate, e), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const { data } = useQuery({
    queryKey: ['imports', section],
    queryFn: () => api<Static<typeof ImportList>>('GET', `/imports?section=${section}`),
  });
  if (!data?.results.length) return null;
  return (
    <Paper component="section" aria-labelledby="recent-imports" sx={{ p: 2, mt: 2 }}>
      <Typography id="recent-imports" variant="h6" component="h3" gutterBottom>
        {translate('admin.content.import.recent')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {data.results.slice(0, 10).map((i) => (
          <li key={i.id}>
            <Typography variant="body2">
              {dateTime(i.created_at)} · {i.file_name} · {i.staff?.name ?? ''} ·{' '}
              {translate(`admin.content.import.statuses.${i.status}`)} ·{' '}
              {translate('admin.content.import.counts', i.counts)}
              {i.status === 'applied' && (
                <Button size="small" startIcon={<UndoIcon />} disabled={busy} onClick={() => void undo(i.id)}>
                  {translate('admin.content.import.undo')}
                </Button>
              )}
            </Typography>
          </li>
        ))}
      </Box>
    </Paper>
  );
}

export function ImportPage() {
  const { section = '' } = useParams();
  const translate = useTranslate();
  const queries = useQueryClient();
  const [plan, setPlan] = useState<ImportPlanT | null>(null);
  const [done, setDone] = useState<ContentImportT | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  if (!isEditableSection(section))
    return <Alert severity="error">{translate('admin.errors.codes.not_found')}</Alert>;
  const name = translate(`resources.content/${section}.name`, { smart_count: 2, _: section });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError('');
    setNotice('');
    try {
      await work();
    } catch (e) {
      setError(errorText(translate, e));
    } finally {
      setBusy(false);
      void queries.invalidateQueries({ queryKey: ['imports', section] });
    }
  };
  const choose = (file: File | undefined) =>
    file &&
    run(async () => {
      setPlan(null);
      setDone(null);
      setPlan(await checkFile(section, file));
    });
  const apply = () =>
    plan &&
    run(async () => {
      setDone(await api<ContentImportT>('POST', `/imports/${plan.id}/apply`));
      setPlan(null);
      // the lists and forms read the items again
      void queries.invalidateQueries();
    });
  const cancel = () =>
    plan &&
    run(async () => {
      await api('DELETE', `/imports/${plan.id}`);
      setPlan(null);
      setNotice(translate('admin.content.import.cancelled'));
    });
  const undo = () =>
    done &&
    run(async () => {
      setDone(await api<ContentImportT>('POST', `/imports/${done.id}/undo`));
      void queries.invalidateQueries();
    });

  const changed = plan?.rows.filter((r) => r.kind !== 'invalid') ?? [];
  const invalid = plan?.rows.filter((r) => r.kind === 'invalid') ?? [];
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      {/* the app bar's title short: a section's long name beside it would widen a phone's screen */}
      <Title title={translate('admin.content.import.button')} />
      <Paper sx={{ p: 2 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {translate('admin.content.import.title', { section: name })}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('admin.content.import.help', { mb: maxImportBytes / 1024 / 1024 })}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant={plan ? 'outlined' : 'contained'}
            component="label"
            startIcon={<UploadFileIcon />}
            disabled={busy}
          >
            {translate('admin.content.import.choose')}
            <input
              hidden
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                void choose(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
          </Button>
          <Button component={RouterLink} to={`/content/${section}`}>
            {translate('admin.content.import.back')}
          </Button>
        </Stack>
        {busy && !plan && !done && (
          <Typography role="status" sx={{ mt: 2 }}>
            {translate('admin.content.import.reading')}
          </Typography>
        )}
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
        {notice && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {notice}
          </Alert>
        )}
      </Paper>

      {plan && (
        <Paper component="section" aria-labelledby="import-plan" sx={{ p: 2, mt: 2 }}>
          <Typography id="import-plan" variant="h6" component="h3" gutterBottom>
            {translate('admin.content.import.file', { name: plan.file_name })}
          </Typography>
          <Typography data-testid="import-counts">
            {translate('admin.content.import.counts', plan.counts)}
          </Typography>
          {plan.unknown_columns.length > 0 && (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {translate('admin.content.import.unknown_columns', {
                columns: plan.unknown_columns.join(', '),
              })}
            </Alert>
          )}
          {plan.counts.invalid > 0 && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {translate('admin.content.import.has_invalid')}
            </Alert>
          )}
          {plan.counts.invalid === 0 && changed.length === 0 && (
            <Alert severity="info" sx={{ mt: 1 }}>
              {translate('admin.content.import.nothing')}
            </Alert>
          )}
          {invalid.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h4" sx={{ mt: 2 }}>
                {translate('admin.content.import.invalid')}
              </Typography>
              <InvalidTable rows={invalid} />
            </>
          )}
          {changed.length > 0 && (
            <>
              <Typography variant="subtitle1" component="h4" sx={{ mt: 2 }}>
                {translate('admin.content.import.changes')}
              </Typography>
              <ChangesTable rows={changed} />
            </>
          )}
          <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
            <Button
              variant="contained"
              onClick={() => void apply()}
              disabled={busy || plan.counts.invalid > 0 || changed.length === 0}
            >
              {translate('admin.content.import.apply')}
            </Button>
            <Button onClick={() => void cancel()} disabled={busy}>
              {translate('admin.content.import.cancel')}
            </Button>
          </Stack>
        </Paper>
      )}

      {done && (
        <Paper component="section" sx={{ p: 2, mt: 2 }}>
          <Alert severity="success" role="status">
            {done.status === 'undone'
              ? translate('admin.content.import.undone')
              : translate('admin.content.import.applied', done.counts)}
          </Alert>
          {done.status === 'applied' && (
            <Button sx={{ mt: 2 }} startIcon={<UndoIcon />} onClick={() => void undo()} disabled={busy}>
              {translate('admin.content.import.undo')}
            </Button>
          )}
        </Paper>
      )}
      <RecentImports section={section} />
    </Box>
  );
}
