import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { LocalesMenuButton, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import type { StaffLinkInfo, StaffMe } from '../../../common/admin-api';
import { dateLocale } from '../i18n/dates';
import { DocumentLanguage } from '../layout/layout';
import { myAccountPath, staffChanged } from '../providers/auth-provider';
import { errorText } from '../providers/error-text';
import { ApiError, api } from '../providers/http';
import { minPasswordLength, PasswordRules } from './password-rules';

/**
 * The page of a one-time link (/admin/link?token=…): the first admin's setup (address, name and
 * password), an invitation or a password reset (the password). Using it signs in.
 */
export function LinkPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['admin-link', token],
    queryFn: () => api<StaffLinkInfo>('GET', `/auth/link?token=${encodeURIComponent(token)}`),
    enabled: token.length >= 20,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rulesId = useId();
  const errorId = useId();

  const invalid = token.length < 20 || (link.error instanceof ApiError && link.error.status === 404);
  const info = link.data;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (password !== repeat) return setMessage(translate('admin.link.mismatch'));
    setBusy(true);
    try {
      const staff = await api<StaffMe>('POST', '/auth/link', {
        token,
        password,
        ...(info?.purpose === 'setup' ? { email: email.trim(), name: name.trim() } : {}),
      });
      staffChanged(staff);
      navigate(staff.totp_required ? myAccountPath : '/', { replace: true });
    } catch (error) {
      setMessage(errorText(translate, error));
    } finally {
      setBusy(false);
    }
  }

  const time = info
    ? new Date(info.expires_at).toLocaleString(dateLocale(locale), {
        dateStyle: 'long',
        timeStyle: 'short',
      })
    : '';
  const purpose = info?.purpose ?? 'invite';
  const described = { 'aria-describedby': message ? `${rulesId} ${errorId}` : rulesId };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <DocumentLanguage />
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography variant="h5" component="h1">
              {translate(invalid || !info ? 'admin.title' : `admin.link.title_${purpose}`)}
            </Typography>
            <LocalesMenuButton />
          </Stack>
          {invalid ? (
            <Stack spacing={2}>
              <Alert severity="error">{translate('admin.link.invalid')}</Alert>
              <Typography>{translate('admin.link.invalid_help')}</Typography>
              <Button component={RouterLink} to="/login" variant="outlined">
                {translate('admin.link.to_sign_in')}
              </Button>
            </Stack>
          ) : link.isError ? (
            <Alert severity="error" role="alert">
              {errorText(translate, link.error)}
            </Alert>
          ) : !info ? (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={24} aria-hidden="true" />
              <Typography>{translate('admin.link.loading')}</Typography>
            </Stack>
          ) : (
            <Box component="form" onSubmit={submit}>
              <Stack spacing={2}>
                <Typography>
                  {translate(`admin.link.intro_${purpose}`, { email: info.email, time })}
                </Typography>
                {message && (
                  <Alert severity="error" id={errorId} role="alert">
                    {message}
                  </Alert>
                )}
                {purpose === 'setup' ? (
                  <>
                    <TextField
                      label={translate('admin.link.email')}
                      type="email"
                      name="email"
                      autoComplete="username"
                      required
                      autoFocus
                      value={email}
                      onChange={(e) => setEmail(e.target.value)}
                    />
                    <TextField
                      label={translate('admin.link.name')}
                      name="name"
                      autoComplete="name"
                      value={name}
                      onChange={(e) => setName(e.target.value)}
                    />
                  </>
                ) : (
                  // The account's address, for the browser's password manager.
                  <input type="hidden" name="username" autoComplete="username" value={info.email} readOnly />
                )}
                <TextField
                  label={translate('admin.link.password')}
                  type="password"
                  name="password"
                  autoComplete="new-password"
                  required
                  autoFocus={purpose !== 'setup'}
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  slotProps={{ htmlInput: { minLength: minPasswordLength, ...described } }}
                />
                <TextField
                  label={translate('admin.link.repeat')}
                  type="password"
                  name="repeat"
                  autoComplete="new-password"
                  required
                  value={repeat}
                  onChange={(e) => setRepeat(e.target.value)}
                  slotProps={{ htmlInput: { minLength: minPasswordLength, ...described } }}
                />
                <PasswordRules id={rulesId} />
                <Button type="submit" variant="contained" size="large" disabled={busy}>
                  {translate('admin.link.submit')}
                </Button>
              </Stack>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
