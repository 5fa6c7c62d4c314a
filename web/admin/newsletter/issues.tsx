import PreviewIcon from '@mui/icons-material/Preview';
import ScienceIcon from '@mui/icons-material/Science';
import SendIcon from '@mui/icons-material/Send';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Stack,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import {
  AutocompleteArrayInput,
  Create,
  DataTable,
  Edit,
  List,
  ReferenceArrayInput,
  required,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
} from 'react-admin';
import { DateField } from '../i18n/dates';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';

const languages = ['ru', 'en', 'zh'] as const;

interface Issue {
  id: number;
  subject: { ru: string; en?: string; zh?: string };
  status: 'draft' | 'sending' | 'sent';
  created_at: string;
  counts: { recipients: number; sent: number; failed: number; waiting: number };
}

function StatusChip({ status }: { status: Issue['status'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={status === 'draft' ? 'outlined' : 'filled'}
      color={status === 'sent' ? 'success' : status === 'sending' ? 'primary' : 'default'}
      label={translate(`admin.newsletter.states.${status}`)}
    />
  );
}

/** The newsletter's issues, newest first, with how far their sending is. */
export function IssueList() {
  const translate = useTranslate();
  return (
    <List sort={{ field: '', order: 'DESC' }} pagination={false} perPage={1000}>
      <DataTable rowClick="edit" bulkActionButtons={false}>
        <DataTable.Col source="subject" disableSort render={(i: Issue) => i.subject.ru} />
        <DataTable.Col source="status" disableSort render={(i: Issue) => <StatusChip status={i.status} />} />
        <DataTable.Col
          source="counts"
          disableSort
          render={(i: Issue) => translate('admin.newsletter.counts', { ...i.counts })}
        />
        <DataTable.Col source="created_at" disableSort>
          <DateField source="created_at" showTime />
        </DataTable.Col>
      </DataTable>
    </List>
  );
}

/** What an issue's save sends (the server takes these fields only). */
const toBody = (data: Record<string, unknown>) => {
  const text = (value: unknown) => {
    const v = (value ?? {}) as Record<string, string | undefined>;
    return Object.fromEntries(languages.flatMap((l) => (v[l]?.trim() ? [[l, v[l]?.trim()]] : [])));
  };
  return {
    subject: text(data.subject),
    intro: text(data.intro),
    news_ids: Array.isArray(data.news_ids) ? data.news_ids : [],
    event_ids: Array.isArray(data.event_ids) ? data.event_ids : [],
  };
};

function IssueForm({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  return (
    <SimpleForm
      disabled={disabled}
      // No delete: the server keeps every issue (a sent one is a record of what went out).
      toolbar={
        disabled ? (
          false
        ) : (
          <Toolbar>
            <SaveButton />
          </Toolbar>
        )
      }
      sx={{ maxWidth: 1200 }}
    >
      {(['subject', 'intro'] as const).map((field) => (
        <Stack
          key={field}
          direction={{ xs: 'column', md: 'row' }}
          spacing={{ xs: 0, md: 2 }}
          sx={{ width: '100%' }}
        >
          {languages.map((lang) => (
            <TextInput
              key={lang}
              source={`${field}.${lang}`}
              label={translate('admin.content.in_language', {
                field: translate(`resources.newsletter/issues.fields.${field}`),
                language: lang.toUpperCase(),
              })}
              validate={lang === 'ru' ? required() : undefined}
              multiline={field === 'intro'}
              minRows={field === 'intro' ? 3 : undefined}
              sx={{ flex: 1 }}
              fullWidth
            />
          ))}
        </Stack>
      ))}
      <ReferenceArrayInput source="news_ids" reference="content/news">
        <AutocompleteArrayInput label="resources.newsletter/issues.fields.news_ids" fullWidth />
      </ReferenceArrayInput>
      <ReferenceArrayInput source="event_ids" reference="content/events">
        <AutocompleteArrayInput label="resources.newsletter/issues.fields.event_ids" fullWidth />
      </ReferenceArrayInput>
    </SimpleForm>
  );
}

const langTag = (lang: (typeof languages)[number]) => (lang === 'zh' ? 'zh-Hans' : lang);

/**
 * The mail's HTML part in a frame of its own: its styles and links cannot touch the back office
 * (a sandbox with no scripts and an opaque origin), and a link opens the public page in a new tab.
 */
function LetterFrame({ html, title }: { html: string; title: string }) {
  const doc = html.replace(/<head>/i, '<head><base target="_blank">');
  return (
    <Box
      component="iframe"
      title={title}
      srcDoc={doc}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      sx={{ display: 'block', width: '100%', height: 520, border: 0, borderTop: 1, borderColor: 'divider' }}
    />
  );
}

/** The issue's mail as a subscriber of a language gets it; a test to oneself; the sending. */
function IssueActions() {
  const issue = useRecordContext<Issue>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [lang, setLang] = useState<(typeof languages)[number]>('ru');
  const [preview, setPreview] = useState<{ subject: string; text: string; html: string } | null>(null);
  const [part, setPart] = useState<'html' | 'text'>('html');
  const [confirm, setConfirm] = useState(false);
  const [rate, setRate] = useState(60);
  const [busy, setBusy] = useState(false);
  if (!issue) return null;
  const run = async (work: () => Promise<unknown>, done?: string) => {
    setBusy(true);
    try {
      await work();
      if (done) notify(done, { type: 'success' });
    } catch (error) {
      notify(errorText(translate, error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper component="section" aria-labelledby="issue-actions" sx={{ mt: 2, p: 2 }}>
      <Typography id="issue-actions" variant="h6" component="h2" gutterBottom>
        {translate('admin.newsletter.actions')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <StatusChip status={issue.status} /> {translate('admin.newsletter.counts', { ...issue.counts })}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          select
          size="small"
          label={translate('admin.newsletter.language')}
          value={lang}
          onChange={(e) => setLang(e.target.value as typeof lang)}
          sx={{ minWidth: 160 }}
        >
          {languages.map((l) => (
            <MenuItem key={l} value={l}>
              {translate(`admin.content.languages.${l}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          startIcon={<PreviewIcon />}
          disabled={busy}
          onClick={() =>
            void run(async () =>
              setPreview(await api('GET', `/newsletter/issues/${issue.id}/preview?lang=${lang}`)),
            )
          }
        >
          {translate('admin.newsletter.preview')}
        </Button>
        <Button
          startIcon={<ScienceIcon />}
          disabled={busy}
          onClick={() =>
            void run(() => api('POST', `/newsletter/issues/${issue.id}/test`), 'admin.newsletter.test_sent')
          }
        >
          {translate('admin.newsletter.test')}
        </Button>
        {issue.status === 'draft' && (
          <Button
            variant="contained"
            startIcon={<SendIcon />}
            disabled={busy}
            onClick={() => setConfirm(true)}
          >
            {translate('admin.newsletter.send')}
          </Button>
        )}
      </Stack>
      {preview && (
        <Box sx={{ mt: 2, border: 1, borderColor: 'divider' }}>
          <Typography variant="subtitle1" component="h3" sx={{ px: 2, pt: 1 }} lang={langTag(lang)}>
            {preview.subject}
          </Typography>
          <Tabs value={part} onChange={(_, value) => setPart(value)} sx={{ px: 1 }}>
            <Tab value="html" label={translate('admin.newsletter.preview_html')} />
            <Tab value="text" label={translate('admin.newsletter.preview_text')} />
          </Tabs>
          {part === 'html' ? (
            <LetterFrame html={preview.html} title={translate('admin.newsletter.preview_frame')} />
          ) : (
            <Typography
              component="pre"
              lang={langTag(lang)}
              sx={{ whiteSpace: 'pre-wrap', fontFamily: 'inherit', m: 0, p: 2 }}
            >
              {preview.text}
            </Typography>
          )}
        </Box>
      )}
      <Dialog open={confirm} onClose={() => setConfirm(false)} aria-labelledby="send-title">
        <DialogTitle id="send-title">{translate('admin.newsletter.send_title')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>{translate('admin.newsletter.send_text')}</Typography>
          <TextField
            type="number"
            label={translate('admin.newsletter.rate')}
            value={rate}
            onChange={(e) => setRate(Number(e.target.value))}
            slotProps={{ htmlInput: { min: 1, max: 6000 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirm(false)}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy}
            onClick={() =>
              void run(async () => {
                await api('POST', `/newsletter/issues/${issue.id}/send`, { rate_per_minute: rate });
                setConfirm(false);
                refresh();
              }, 'admin.newsletter.sending')
            }
          >
            {translate('admin.newsletter.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function EditBody() {
  const issue = useRecordContext<Issue>();
  return (
    <>
      <IssueForm disabled={issue !== undefined && issue.status !== 'draft'} />
      <IssueActions />
    </>
  );
}

export function IssueEdit() {
  return (
    <Edit mutationMode="pessimistic" transform={toBody} redirect={false}>
      <EditBody />
    </Edit>
  );
}

export function IssueCreate() {
  return (
    <Create transform={toBody} redirect="edit">
      <IssueForm />
    </Create>
  );
}
