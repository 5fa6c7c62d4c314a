import { Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A form that asks for the account's password again before an action a session alone may not do
 * (turning the second factor off, new recovery codes): its heading, what comes before the field
 * (`children`), the field and the action's button. The field is emptied once the action is done.
 */
export function PasswordForm({
  title,
  action,
  danger = false,
  busy,
  onSubmit,
  children,
}: {
  title: string;
  action: string;
  danger?: boolean;
  busy: boolean;
  onSubmit: (password: string) => Promise<void>;
  children?: ReactNode;
}) {
  const translate = useTranslate();
  const [password, setPassword] = useState('');
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void onSubmit(password).then(() => setPassword(''));
      }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={2}>
        {children}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
          <TextField
            label={translate('admin.account.totp.disable_password')}
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button
            type="submit"
            variant="outlined"
            color={danger ? 'error' : 'primary'}
            disabled={busy}
            sx={{ mt: 1 }}
          >
            {action}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
