import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Confirm, Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import type { Erased, ErasurePreview as Preview } from '../../../common/admin-api';
import { useDateTime } from '../i18n/dates';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';

/** Where the screen is: Accounts → Erase on request (admins only). */
export const erasePath = '/erase';

/** Why the erasure would be refused, in the back office's words; null when it would go ahead. */
function useRefusal(preview: Preview): string | null {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const staff = preview.staff;
  if (!staff) return null;
  if (identity?.id === staff.id) return translate('admin.erase.own_account');
  if (!staff.disabled) return translate('admin.erase.active_account');
  return null;
}

/** One kind of data the erasure deletes: a heading with its count, and its examples. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Typography id={id} variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What will be erased: counts and the latest few of each kind, as the server found them. */
function PreviewCard({ preview, onErase }: { preview: Preview; onErase: () => void }) {
  const translate = useTranslate();
  const dateTime = useDateTime();
  const refusal = useRefusal(preview);
  const { subscription, feedback, mails, staff } = preview;
  const nothing = !subscription && !feedback.count && !mails.count && !staff;
  const more = (shown: number, count: number) =>
    count > shown && (
      <Typography variant="body2" color="text.secondary">
        {translate('admin.erase.more', { count: count - shown })}
      </Typography>
    );
  return (
    <Card component="section" aria-labelledby="erase-preview">
      <CardContent>
        <Stack spacing={2}>
          <Typography id="erase-preview" variant="h6" component="h2">
            {translate('admin.erase.preview_title', { email: preview.email })}
          </Typography>
          {nothing ? (
            <Alert severity="info">{translate('admin.erase.nothing')}</Alert>
          ) : (
            <>
              <Part title={translate('admin.erase.subscription', { count: subscription ? 1 : 0 })}>
                {subscription && (
                  <Typography variant="body2">
                    {translate('admin.erase.subscription_line', {
                      state: translate(`admin.visitors.subscribers.states.${subscription.state}`),
                      lang: subscription.lang,
                      date: dateTime(subscription.created_at),
                    })}
                  </Typography>
                )}
              </Part>
              <Part
                title={translate('admin.erase.feedback', { count: feedback.count, notes: feedback.notes })}
              >
                <List dense disablePadding>
                  {feedback.samples.map((m) => (
                    <ListItem key={m.id} disableGutters>
                      <ListItemText
                        primary={m.excerpt}
                        secondary={`${dateTime(m.created_at)} · ${m.name} · ${translate(
                          `admin.visitors.feedback.states.${m.status}`,
                          { _: m.status },
                        )}`}
                      />
                    </ListItem>
                  ))}
                </List>
                {more(feedback.samples.length, feedback.count)}
              </Part>
              <Part title={translate('admin.erase.mails', { count: mails.count })}>
                <List dense disablePadding>
                  {mails.samples.map((m) => (
                    <ListItem key={`${m.created_at}-${m.subject}`} disableGutters>
                      <ListItemText
                        primary={m.subject}
                        secondary={`${dateTime(m.created_at)} · ${translate(
                          m.sent ? 'admin.erase.sent' : 'admin.erase.waiting',
                        )}`}
                      />
                    </ListItem>
                  ))}
                </List>
                {more(mails.samples.length, mails.count)}
              </Part>
              <Part title={translate('admin.erase.staff', { count: staff ? 1 : 0 })}>
                {staff && (
                  <Typography variant="body2">
                    {translate('admin.erase.staff_line', {
                      name: staff.name || preview.email,
                      role: translate(`admin.roles.${staff.role}`, { _: staff.role }),
                      state: translate(
                        staff.disabled ? 'admin.accounts.states.disabled' : 'admin.accounts.states.active',
                      ),
                      saves: staff.saves,
                      sessions: staff.sessions,
                    })}
                  </Typography>
                )}
              </Part>
              {refusal ? (
                <Alert severity="warning">
                  {refusal}{' '}
                  {staff && (
                    <Link component={RouterLink} to={`/accounts/${staff.id}`}>
                      {translate('admin.erase.open_account')}
                    </Link>
                  )}
                </Alert>
              ) : (
                <Box>
                  <Button
                    variant="contained"
                    color="error"
                    startIcon={<DeleteForeverIcon />}
                    onClick={onErase}
                  >
                    {translate('admin.erase.erase')}
                  </Button>
                </Box>
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Erasure on request: an admin types the address, sees what would be erased (the server's preview,
 * with the same conditions as the erasure), confirms, and sees what was erased. Nothing is deleted
 * before the confirmation; a new address starts again.
 */
export function ErasePage() {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const [email, setEmail] = useState('');
  const [asking, setAsking] = useState(false);
  const preview = useMutation({
    mutationFn: (address: string) => api<Preview>('POST', '/erase/preview', { email: address }),
  });
  const erase = useMutation({
    mutationFn: (address: string) => api<Erased>('POST', '/erase', { email: address }),
    onSettled: () => setAsking(false),
  });
  const look = (event: FormEvent) => {
    event.preventDefault();
    erase.reset();
    preview.mutate(email.trim());
  };
  const shown = preview.data;
  return (
    <Stack spacing={2} sx={{ py: 2, maxWidth: 900 }}>
      <Title title={translate('admin.erase.title')} />
      {permissions !== 'admin' ? (
        <Alert severity="info">{translate('admin.erase.only_admins')}</Alert>
      ) : (
        <>
          <Card>
            <CardContent>
              <Stack component="form" spacing={2} onSubmit={look} noValidate>
                <Typography>{translate('admin.erase.intro')}</Typography>
                <Stack
                  direction={{ xs: 'column', sm: 'row' }}
                  spacing={2}
                  sx={{ alignItems: { sm: 'center' } }}
                >
                  <TextField
                    label={translate('admin.erase.email')}
                    type="email"
                    value={email}
                    onChange={(e) => {
                      setEmail(e.target.value);
                      preview.reset();
                    }}
                    required
                    autoComplete="off"
                    sx={{ flex: 1 }}
                  />
                  <Button
                    type="submit"
                    variant="contained"
                    startIcon={<SearchIcon />}
                    disabled={!email.trim() || preview.isPending}
                  >
                    {translate('admin.erase.look')}
                  </Button>
                </Stack>
                {preview.isError && <Alert severity="error">{errorText(translate, preview.error)}</Alert>}
              </Stack>
            </CardContent>
          </Card>
          {erase.data ? (
            <Alert severity="success" role="status">
              {translate('admin.erase.done', {
                email: erase.data.email,
                subscribers: erase.data.subscribers,
                feedback: erase.data.feedback,
                notes: erase.data.notes,
                mails: erase.data.mails,
                staff: erase.data.staff,
              })}
            </Alert>
          ) : (
            shown && <PreviewCard preview={shown} onErase={() => setAsking(true)} />
          )}
          {erase.isError && <Alert severity="error">{errorText(translate, erase.error)}</Alert>}
          <Confirm
            isOpen={asking && !!shown}
            loading={erase.isPending}
            title="admin.erase.confirm_title"
            content={translate('admin.erase.confirm_content', {
              email: shown?.email ?? '',
              feedback: shown?.feedback.count ?? 0,
              mails: shown?.mails.count ?? 0,
            })}
            translateOptions={{ email: shown?.email ?? '' }}
            confirm="admin.erase.erase"
            confirmColor="warning"
            onConfirm={() => shown && erase.mutate(shown.email)}
            onClose={() => setAsking(false)}
          />
        </>
      )}
    </Stack>
  );
}
