import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Title, useGetIdentity, useNotify, usePermissions, useTranslate } from 'react-admin';
import type { AdminSettings } from '../../../common/admin-api';
import { errorText } from '../providers/error-text';
import { api } from '../providers/http';

/** The admins' settings: whether admins must have a second factor. */
export function SettingsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const { permissions } = usePermissions();
  const { refetch: refetchIdentity } = useGetIdentity();
  const client = useQueryClient();
  const helpId = useId();
  const isAdmin = permissions === 'admin';
  const [staleDays, setStaleDays] = useState('');
  const [overpass, setOverpass] = useState('');
  const settings = useQuery({
    queryKey: ['admin-settings'],
    queryFn: () => api<AdminSettings>('GET', '/settings'),
    enabled: isAdmin,
  });
  const save = useMutation({
    mutationFn: (next: Partial<AdminSettings>) => api<AdminSettings>('PATCH', '/settings', next),
    onSuccess: (next) => {
      client.setQueryData(['admin-settings'], next);
      notify('admin.settings.saved', { type: 'success' });
      // Turning the rule on may concern the admin who turned it on.
      void refetchIdentity();
    },
    onError: (error) => notify(errorText(translate, error), { type: 'error' }),
  });

  useEffect(() => {
    if (!settings.data) return;
    setStaleDays(String(settings.data.facts_stale_days));
    setOverpass(settings.data.overpass_url ?? '');
  }, [settings.data]);

  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('admin.settings.title')} />
      <Typography variant="h5" component="h2" sx={{ mb: 2 }}>
        {translate('admin.settings.title')}
      </Typography>
      {!isAdmin ? (
        <Alert severity="info">{translate('admin.settings.only_admins')}</Alert>
      ) : settings.isError ? (
        <Alert severity="error">{errorText(translate, settings.error)}</Alert>
      ) : (
        <Card>
          <CardContent>
            <Stack spacing={1}>
              <FormControlLabel
                control={
                  <Switch
                    checked={settings.data?.totp_required_for_admins ?? false}
                    disabled={!settings.data || save.isPending}
                    onChange={(e) => save.mutate({ totp_required_for_admins: e.target.checked })}
                    slotProps={{ input: { 'aria-describedby': helpId } }}
                  />
                }
                label={translate('admin.settings.totp_required')}
              />
              <Typography id={helpId} variant="body2" color="text.secondary">
                {translate('admin.settings.totp_required_help')}
              </Typography>
              <Box
                component="form"
                onSubmit={(e) => {
                  e.preventDefault();
                  save.mutate({
                    facts_stale_days: Number(staleDays),
                    overpass_url: overpass.trim() || null,
                  });
                }}
                sx={{ pt: 2 }}
              >
                <Stack spacing={2} sx={{ maxWidth: 560 }}>
                  <TextField
                    type="number"
                    label={translate('admin.settings.facts_stale_days')}
                    helperText={translate('admin.settings.facts_stale_days_help')}
                    value={staleDays}
                    onChange={(e) => setStaleDays(e.target.value)}
                    slotProps={{ htmlInput: { min: 1, max: 3650 } }}
                    disabled={!settings.data}
                  />
                  <TextField
                    type="url"
                    label={translate('admin.settings.overpass_url')}
                    helperText={translate('admin.settings.overpass_url_help')}
                    value={overpass}
                    onChange={(e) => setOverpass(e.target.value)}
                    disabled={!settings.data}
                  />
                  <Box>
                    <Button type="submit" variant="contained" disabled={!settings.data || save.isPending}>
                      {translate('ra.action.save')}
                    </Button>
                  </Box>
                </Stack>
              </Box>
            </Stack>
          </CardContent>
        </Card>
      )}
    </Box>
  );
}
