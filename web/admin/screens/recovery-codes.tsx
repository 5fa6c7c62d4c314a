import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { RecoveryCodes } from '../../../common/admin-api';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';
import { PasswordForm } from './password-form';

// The recovery codes of the second factor on "My account": shown once, when the second factor is
// turned on or new codes are made (the server keeps only their hashes), with a download and a
// copy; afterwards only how many are left.

/** The codes as a text file: what they are for, and the codes one a line. */
function codesText(translate: ReturnType<typeof useTranslate>, email: string, codes: string[]): string {
  return `${translate('admin.account.recovery.file_intro', { email, host: window.location.host })}\n\n${codes.join('\n')}\n`;
}

/** The codes just made: a list, a download, a copy, and "saved" to close them for good. */
export function NewRecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const download = () => {
    const url = URL.createObjectURL(
      new Blob([codesText(translate, email, codes)], { type: 'text/plain;charset=utf-8' }),
    );
    const a = document.createElement('a');
    a.href = url;
    a.download = `recovery-codes-${window.location.hostname}.txt`;
    a.click();
    URL.revokeObjectURL(url);
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codesText(translate, email, codes));
      notify('admin.account.recovery.copied', { type: 'success' });
    } catch {
      notify('admin.account.recovery.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Stack spacing={2} component="section" aria-label={translate('admin.account.recovery.title')}>
      <Alert severity="warning">{translate('admin.account.recovery.shown_once')}</Alert>
      <Box
        component="ol"
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          rowGap: 0.5,
          bgcolor: 'grey.100',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
        }}
      >
        {codes.map((code) => (
          <li key={code}>
            <Box component="code" sx={{ fontFamily: 'inherit' }}>
              {code}
            </Box>
          </li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" onClick={download}>
          {translate('admin.account.recovery.download')}
        </Button>
        <Button variant="outlined" onClick={() => void copy()}>
          {translate('admin.account.recovery.copy')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {translate('admin.account.recovery.saved')}
        </Button>
      </Stack>
    </Stack>
  );
}

/** With the second factor on: how many codes are left, and new ones for the password. */
export function RecoveryCodesPanel({ email }: { email: string }) {
  const translate = useTranslate();
  const [left, setLeft] = useState<number | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (codes) return;
    let live = true;
    api<{ left: number }>('GET', '/auth/recovery-codes').then(
      (answer) => live && setLeft(answer.left),
      () => live && setLeft(null),
    );
    return () => {
      live = false;
    };
  }, [codes]);

  async function renew(password: string) {
    setBusy(true);
    setMessage(null);
    try {
      const answer = await api<RecoveryCodes>('POST', '/auth/recovery-codes', { password });
      setCodes(answer.recovery_codes);
    } catch (error) {
      setMessage(errorText(translate, error));
    } finally {
      setBusy(false);
    }
  }

  if (codes) return <NewRecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} />;
  return (
    <PasswordForm
      title={translate('admin.account.recovery.title')}
      action={translate('admin.account.recovery.renew')}
      busy={busy}
      onSubmit={renew}
    >
      {left !== null && (
        <Typography>
          {left === 0
            ? translate('admin.account.recovery.none_left')
            : translate('admin.account.recovery.left', { left })}
        </Typography>
      )}
      {message && (
        <Alert severity="error" role="alert">
          {message}
        </Alert>
      )}
    </PasswordForm>
  );
}
