import { Box, Button, Chip, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, List, SearchInput, SelectInput, Title, useNotify, useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { DateField, useDateTime } from '../i18n/dates';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';

type FeedbackStatus = 'new' | 'in_progress' | 'answered' | 'spam';
const states: FeedbackStatus[] = ['new', 'in_progress', 'answered', 'spam'];
// Colours whose white text keeps the 4.5:1 contrast (MUI's "info" and "warning" do not).
const colour: Record<FeedbackStatus, 'error' | 'primary' | 'success' | 'default'> = {
  new: 'error',
  in_progress: 'primary',
  answered: 'success',
  spam: 'default',
};

interface Note {
  id: number;
  kind: 'note' | 'reply';
  text: string;
  created_at: string;
  staff: { name: string; email: string } | null;
}
interface Message {
  id: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  lang: string;
  page: string | null;
  status: FeedbackStatus;
  created_at: string;
  notes: Note[];
  /** Where the visitor's answer to a reply goes. */
  reply_to: string;
}

function StateChip({ status }: { status: FeedbackStatus }) {
  const translate = useTranslate();
  return (
    <Chip size="small" color={colour[status]} label={translate(`admin.visitors.feedback.states.${status}`)} />
  );
}

/**
 * The feedback inbox, newest first: by state and words. The list's own order is the server's (it
 * takes no sort), so the columns do not offer one.
 */
export function FeedbackList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    <SelectInput
      key="status"
      source="status"
      label="resources.feedback.fields.status"
      choices={states.map((s) => ({ id: s, name: translate(`admin.visitors.feedback.states.${s}`) }))}
      alwaysOn
    />,
  ];
  return (
    <List filters={filters} sort={{ field: '', order: 'DESC' }} perPage={25}>
      <DataTable rowClick="show" bulkActionButtons={false}>
        <DataTable.Col source="created_at" disableSort>
          <DateField source="created_at" showTime />
        </DataTable.Col>
        <DataTable.Col source="name" disableSort />
        <DataTable.Col source="email" disableSort />
        <DataTable.Col
          source="message"
          disableSort
          render={(m: Message) => (m.message.length > 120 ? `${m.message.slice(0, 120)}…` : m.message)}
        />
        <DataTable.Col source="status" disableSort render={(m: Message) => <StateChip status={m.status} />} />
      </DataTable>
    </List>
  );
}

/** One message: the sender, the text, its state, the staff's notes, and a reply by mail. */
export function FeedbackShow() {
  const { id } = useParams();
  const translate = useTranslate();
  const dateTime = useDateTime();
  const notify = useNotify();
  const client = useQueryClient();
  const [note, setNote] = useState('');
  const [subject, setSubject] = useState('');
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const key = ['feedback-message', id];
  const { data: m } = useQuery({ queryKey: key, queryFn: () => api<Message>('GET', `/feedback/${id}`) });
  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      await client.invalidateQueries({ queryKey: key });
      void client.invalidateQueries({ queryKey: ['feedback'] });
      notify(done, { type: 'success' });
      return true;
    } catch (error) {
      notify(errorText(translate, error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };
  if (!m) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2, maxWidth: 900 }}>
      <Title title={translate('admin.visitors.feedback.from', { name: m.name || m.email })} />
      <Paper sx={{ p: 2 }} component="article" aria-labelledby="feedback-from">
        <Typography id="feedback-from" variant="h6" component="h2">
          {translate('admin.visitors.feedback.from', { name: m.name || m.email })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {m.email}
          {m.phone ? ` · ${m.phone}` : ''} · {dateTime(m.created_at)} · {m.lang}
          {m.page ? ` · ${m.page}` : ''}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', my: 2 }}>{m.message}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <StateChip status={m.status} />
          {states
            .filter((s) => s !== m.status)
            .map((s) => (
              <Button
                key={s}
                size="small"
                disabled={busy}
                onClick={() =>
                  void run(
                    () => api('PATCH', `/feedback/${m.id}`, { status: s }),
                    'admin.visitors.feedback.state_saved',
                  )
                }
              >
                {translate('admin.visitors.feedback.mark', {
                  state: translate(`admin.visitors.feedback.states.${s}`),
                })}
              </Button>
            ))}
        </Stack>
      </Paper>

      <Paper sx={{ p: 2 }} component="section" aria-labelledby="feedback-notes">
        <Typography id="feedback-notes" variant="h6" component="h2">
          {translate('admin.visitors.feedback.notes')}
        </Typography>
        {m.notes.map((n) => (
          <Box key={n.id} sx={{ borderTop: 1, borderColor: 'divider', py: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {translate(`admin.visitors.feedback.kind_${n.kind}`)} · {n.staff?.name ?? '—'} ·{' '}
              {dateTime(n.created_at)}
            </Typography>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{n.text}</Typography>
          </Box>
        ))}
        <TextField
          label={translate('admin.visitors.feedback.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          fullWidth
          sx={{ mt: 1 }}
        />
        <Button
          disabled={busy || !note.trim()}
          onClick={async () => {
            if (
              await run(
                () => api('POST', `/feedback/${m.id}/notes`, { text: note }),
                'admin.visitors.feedback.note_saved',
              )
            )
              setNote('');
          }}
        >
          {translate('admin.visitors.feedback.add_note')}
        </Button>
      </Paper>

      <Paper sx={{ p: 2 }} component="section" aria-labelledby="feedback-reply">
        <Typography id="feedback-reply" variant="h6" component="h2">
          {translate('admin.visitors.feedback.reply_title', { email: m.email })}
        </Typography>
        <Typography variant="body2" color="text.secondary" id="feedback-reply-to">
          {translate('admin.visitors.feedback.reply_to', { address: m.reply_to })}
        </Typography>
        <TextField
          label={translate('admin.visitors.feedback.subject')}
          value={subject}
          onChange={(e) => setSubject(e.target.value)}
          fullWidth
          sx={{ my: 1 }}
        />
        <TextField
          label={translate('admin.visitors.feedback.reply')}
          value={reply}
          onChange={(e) => setReply(e.target.value)}
          slotProps={{ htmlInput: { 'aria-describedby': 'feedback-reply-to' } }}
          multiline
          minRows={4}
          fullWidth
        />
        <Button
          variant="contained"
          sx={{ mt: 1 }}
          disabled={busy || !reply.trim()}
          onClick={async () => {
            const body = { text: reply, ...(subject.trim() ? { subject: subject.trim() } : {}) };
            if (
              await run(() => api('POST', `/feedback/${m.id}/reply`, body), 'admin.visitors.feedback.replied')
            )
              setReply('');
          }}
        >
          {translate('admin.visitors.feedback.send_reply')}
        </Button>
      </Paper>
    </Stack>
  );
}
