import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useId, useRef, useState } from 'react';
import { LocalesMenuButton, useLogin, useTranslate } from 'react-admin';
import { DocumentLanguage } from '../layout/layout';
import { errorText } from '../providers/error-text';
import { ApiError } from '../providers/http';

/**
 * The sign-in page: email and password, then, when the server answers that the account has a second
 * factor, the six-digit code of the authenticator app or one of the recovery codes (the password
 * is kept for that second request only, in this component's state). Every failure says what to do
 * next: a 401 what was wrong, a 429 how long to wait; when the account itself is slowed down
 * (others' failed guesses), the same second step lets its owner in with the second factor now.
 */
export function SignInPage() {
  const translate = useTranslate();
  const login = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [step, setStep] = useState<'password' | 'code'>('password');
  const [recovery, setRecovery] = useState(false);
  const [message, setMessage] = useState<{ text: string; severity: 'error' | 'warning' } | null>(null);
  const [busy, setBusy] = useState(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const toCodeStep = (useRecovery: boolean) => {
    setStep('code');
    setRecovery(useRecovery);
    setCode('');
    setRecoveryCode('');
    setTimeout(() => codeRef.current?.focus(), 0);
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    const second = step !== 'code' ? {} : recovery ? { recovery_code: recoveryCode.trim() } : { code };
    try {
      await login({ email: email.trim(), password, ...second });
    } catch (error) {
      const api = error instanceof ApiError ? error : null;
      const errorCode = api?.body.code;
      if (api?.status === 401 && api.body.second_factor) {
        if (step === 'code') setMessage({ text: errorText(translate, error), severity: 'error' });
        toCodeStep(recovery);
      } else if (api?.status === 401) {
        setMessage({ text: translate('admin.sign_in.wrong'), severity: 'error' });
      } else if (errorCode === 'sign_in_throttled_account') {
        // Someone else's failures slowed the account down: its owner may go on with the second factor.
        setMessage({ text: errorText(translate, error), severity: 'warning' });
        if (step !== 'code') toCodeStep(false);
      } else if (errorCode === 'second_factor_unreadable') {
        setMessage({ text: errorText(translate, error), severity: 'error' });
        toCodeStep(true);
      } else {
        setMessage({ text: errorText(translate, error), severity: 'error' });
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
                <Alert severity={message.severity} id={errorId} role="alert">
                  {message.text}
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
                  <Typography>
                    {translate(recovery ? 'admin.sign_in.recovery_intro' : 'admin.sign_in.second_factor')}
                  </Typography>
                  {recovery ? (
                    <TextField
                      key="recovery"
                      label={translate('admin.sign_in.recovery_code')}
                      name="recovery_code"
                      autoComplete="off"
                      required
                      inputRef={codeRef}
                      value={recoveryCode}
                      onChange={(e) => setRecoveryCode(e.target.value.slice(0, 40))}
                      helperText={translate('admin.sign_in.recovery_help')}
                      slotProps={{
                        htmlInput: { autoCapitalize: 'none', spellCheck: false, maxLength: 40, ...described },
                      }}
                    />
                  ) : (
                    <TextField
                      key="code"
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
                  )}
                  <Button
                    variant="text"
                    sx={{ alignSelf: 'flex-start' }}
                    onClick={() => {
                      toCodeStep(!recovery);
                    }}
                  >
                    {translate(recovery ? 'admin.sign_in.use_app' : 'admin.sign_in.use_recovery')}
                  </Button>
                </>
              )}
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {translate(step === 'code' ? 'admin.sign_in.confirm' : 'admin.sign_in.submit')}
              </Button>
              {step === 'code' ? (
                <Button
                  onClick={() => {
                    setStep('password');
                    setRecovery(false);
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
