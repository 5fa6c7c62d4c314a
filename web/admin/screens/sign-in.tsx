import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useId, useRef, useState } from 'react';
import { LocalesMenuButton, useLogin, useTranslate } from 'react-admin';
import { DocumentLanguage } from '../layout/layout';
import { errorText } from '../providers/error-text';
import { ApiError } from '../providers/http';

/**
 * The sign-in page: email and password, then, when the server answers that the account has a second
 * factor, the six-digit code of the authenticator app (the password is kept for that second
 * request only, in this component's state). Every failure says what to do next: a 401 that the
 * account locks after ten failures in a row, a 429 when to try again.
 */
export function SignInPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    try {
      await login({ email: email.trim(), password, ...(step === 'code' ? { code } : {}) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && error.body.second_factor) {
        if (step === 'code') setMessage(translate('admin.sign_in.wrong_code'));
        setStep('code');
        setCode('');
        setTimeout(() => codeRef.current?.focus(), 0);
      } else if (error instanceof ApiError && error.status === 401) {
        setMessage(translate('admin.sign_in.wrong'));
      } else {
        setMessage(errorText(translate, error));
      }
    } finally {
      setBusy(false);
    }
  }

  const described = message ? { 'aria-describedby': errorId } : {};
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', p: 2 }}
    >
      <DocumentLanguage />
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent>
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
            <Typography variant="h5" component="h1">
              {translate('admin.sign_in.title')}
            </Typography>
            <LocalesMenuButton />
          </Stack>
          <Box component="form" onSubmit={submit} noValidate={false}>
            <Stack spacing={2}>
              {message && (
                <Alert severity="error" id={errorId} role="alert">
                  {message}
                </Alert>
              )}
              {step === 'password' ? (
                <>
                  <TextField
                    label={translate('admin.sign_in.email')}
                    type="email"
                    name="email"
                    autoComplete="username"
                    required
                    autoFocus
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    slotProps={{ htmlInput: described }}
                  />
                  <TextField
                    label={translate('admin.sign_in.password')}
                    type="password"
                    name="password"
                    autoComplete="current-password"
                    required
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    slotProps={{ htmlInput: described }}
                  />
                </>
              ) : (
                <>
                  <Typography>{translate('admin.sign_in.second_factor')}</Typography>
                  <TextField
                    label={translate('admin.sign_in.code')}
                    name="code"
                    autoComplete="one-time-code"
                    required
                    inputRef={codeRef}
                    value={code}
                    onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                    helperText={translate('admin.sign_in.code_help')}
                    slotProps={{
                      htmlInput: { inputMode: 'numeric', pattern: '[0-9]{6}', maxLength: 6, ...described },
                    }}
                  />
                </>
              )}
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {translate(step === 'code' ? 'admin.sign_in.confirm' : 'admin.sign_in.submit')}
              </Button>
              {step === 'code' ? (
                <Button
                  onClick={() => {
                    setStep('password');
                    setMessage(null);
                  }}
                >
                  {translate('admin.sign_in.back')}
                </Button>
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('admin.sign_in.forgot')}
                </Typography>
              )}
            </Stack>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
