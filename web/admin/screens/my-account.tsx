import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useId, useState } from 'react';
import { Confirm, Title, useGetIdentity, useLogout, useNotify, useTranslate } from 'react-admin';
import type { StaffMe, TotpEnabled } from '../../../common/admin-api';
import { type StaffIdentity, staffChanged } from '../providers/auth-provider';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';
import { PasswordForm } from './password-form';
import { minPasswordLength, PasswordRules } from './password-rules';
import { NewRecoveryCodes, RecoveryCodesPanel } from './recovery-codes';

/** A section of the page: a card with its heading. */
function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id}>
      <CardContent>
        <Typography variant="h6" component="h2" id={id} sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function ChangePassword() {
  const translate = useTranslate();
  const notify = useNotify();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const rulesId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    if (password !== repeat) return setMessage(translate('admin.link.mismatch'));
    setBusy(true);
    try {
      await api('POST', '/auth/password', { current, password });
      setCurrent('');
      setPassword('');
      setRepeat('');
      notify('admin.account.password.done', { type: 'success' });
    } catch (error) {
      setMessage(errorText(translate, error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Section title={translate('admin.account.password.title')}>
      <Box component="form" onSubmit={submit} sx={{ maxWidth: 480 }}>
        <Stack spacing={2}>
          {message && (
            <Alert severity="error" role="alert">
              {message}
            </Alert>
          )}
          <TextField
            label={translate('admin.account.password.current')}
            type="password"
            autoComplete="current-password"
            required
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
          />
          <TextField
            label={translate('admin.account.password.new')}
            type="password"
            autoComplete="new-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            slotProps={{ htmlInput: { minLength: minPasswordLength, 'aria-describedby': rulesId } }}
          />
          <TextField
            label={translate('admin.account.password.repeat')}
            type="password"
            autoComplete="new-password"
            required
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            slotProps={{ htmlInput: { minLength: minPasswordLength, 'aria-describedby': rulesId } }}
          />
          <PasswordRules id={rulesId} />
          <Box>
            <Button type="submit" variant="contained" disabled={busy}>
              {translate('admin.account.password.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Section>
  );
}

interface Setup {
  secret: string;
  uri: string;
  qr: string;
}

/**
 * The second factor: set up with a QR code of the otpauth:// URI and a code of it (which answers
 * the recovery codes, shown once), its recovery codes, or turned off.
 */
function SecondFactor({ me, refresh }: { me: StaffIdentity; refresh: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const changed = (next: StaffMe, done: string) => {
    staffChanged(next);
    refresh();
    setSetup(null);
    setCode('');
    notify(done, { type: 'success' });
  };

  async function run(work: () => Promise<void>) {
    setBusy(true);
    setMessage(null);
    try {
      await work();
    } catch (error) {
      setMessage(errorText(translate, error));
    } finally {
      setBusy(false);
    }
  }

  const start = () =>
    run(async () => {
      const answer = await api<{ secret: string; uri: string }>('POST', '/auth/totp/setup');
      // Drawn here from the URI: the secret never leaves the browser for a QR service. The QR
      // library is loaded only now: few open this, once.
      const { toDataURL } = await import('qrcode');
      const qr = await toDataURL(answer.uri, { margin: 2, width: 220, errorCorrectionLevel: 'M' });
      setSetup({ ...answer, qr });
    });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const answer = await api<TotpEnabled>('POST', '/auth/totp/confirm', { code });
      setCodes(answer.recovery_codes);
      changed(answer.account, 'admin.account.totp.enabled');
    });
  };
  const disable = (password: string) =>
    run(async () =>
      changed(await api<StaffMe>('POST', '/auth/totp/disable', { password }), 'admin.account.totp.disabled'),
    );

  return (
    <Section title={translate('admin.account.totp.title')}>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        {message && (
          <Alert severity="error" role="alert">
            {message}
          </Alert>
        )}
        <Typography>
          {translate(me.totp_enabled ? 'admin.account.totp.on' : 'admin.account.totp.off')}
        </Typography>
        {!me.totp_enabled && !setup && (
          <Box>
            <Button variant="contained" onClick={start} disabled={busy}>
              {translate('admin.account.totp.start')}
            </Button>
          </Box>
        )}
        {!me.totp_enabled && setup && (
          <Box component="form" onSubmit={confirm}>
            <Stack spacing={2}>
              <Typography>{translate('admin.account.totp.scan')}</Typography>
              <Box
                component="img"
                src={setup.qr}
                alt={translate('admin.account.totp.qr_alt')}
                width={220}
                height={220}
                sx={{ border: 1, borderColor: 'divider' }}
              />
              <Typography>
                {translate('admin.account.totp.secret')}:{' '}
                <Box component="code" sx={{ wordBreak: 'break-all', fontSize: '1rem' }}>
                  {setup.secret}
                </Box>
              </Typography>
              <TextField
                label={translate('admin.account.totp.code')}
                name="code"
                autoComplete="one-time-code"
                required
                autoFocus
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                helperText={translate('admin.sign_in.code_help')}
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6 } }}
              />
              <Stack direction="row" spacing={2}>
                <Button type="submit" variant="contained" disabled={busy}>
                  {translate('admin.account.totp.confirm')}
                </Button>
                <Button onClick={() => setSetup(null)}>{translate('admin.account.totp.cancel')}</Button>
              </Stack>
            </Stack>
          </Box>
        )}
        {me.totp_enabled && codes && (
          <NewRecoveryCodes codes={codes} email={me.email} onDone={() => setCodes(null)} />
        )}
        {me.totp_enabled && !codes && <RecoveryCodesPanel email={me.email} />}
        {me.totp_enabled && !codes && (
          // The server refuses it (403, shown above) when the settings require it of admins.
          <PasswordForm
            title={translate('admin.account.totp.disable_title')}
            action={translate('admin.account.totp.disable')}
            danger
            busy={busy}
            onSubmit={disable}
          />
        )}
      </Stack>
    </Section>
  );
}

function SignOutEverywhere() {
  const translate = useTranslate();
  const logout = useLogout();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await api('POST', '/auth/sign-out-everywhere');
      staffChanged(null);
      await logout();
    } catch (error) {
      notify(errorText(translate, error), { type: 'error' });
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <Section title={translate('admin.account.everywhere.title')}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{translate('admin.account.everywhere.text')}</Typography>
        <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
          {translate('admin.account.everywhere.submit')}
        </Button>
      </Stack>
      <Confirm
        isOpen={open}
        loading={busy}
        title="admin.account.everywhere.confirm_title"
        content="admin.account.everywhere.confirm_content"
        confirm="admin.account.everywhere.submit"
        onConfirm={go}
        onClose={() => setOpen(false)}
      />
    </Section>
  );
}

/** "My account": the password, the second factor, the sessions. */
export function MyAccountPage() {
  const translate = useTranslate();
  const { identity, refetch } = useGetIdentity();
  const me = identity as StaffIdentity | undefined;
  if (!me) return null;
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('admin.account.title')} />
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {translate('admin.account.title')}
        </Typography>
        <Typography>
          {translate('admin.account.signed_in_as', {
            name: me.name || me.email,
            email: me.email,
            role: translate(`admin.roles.${me.role}`),
          })}
        </Typography>
        {me.totp_required && <Alert severity="warning">{translate('admin.account.totp_required')}</Alert>}
        <SecondFactor me={me} refresh={() => void refetch()} />
        <ChangePassword />
        <SignOutEverywhere />
      </Stack>
    </Box>
  );
}
