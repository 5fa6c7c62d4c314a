import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, usePermissions, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router';

/** The first page after signing in: a greeting and where to go. */
export function Dashboard() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions();
  const links = [
    ...(permissions === 'admin'
      ? [
          { to: '/accounts', label: 'admin.dashboard.accounts' },
          { to: '/settings', label: 'admin.dashboard.settings' },
        ]
      : []),
    { to: '/my-account', label: 'admin.dashboard.my_account' },
  ];
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('admin.dashboard.title')} />
      <Card>
        <CardContent>
          <Stack spacing={2}>
            <Typography variant="h5" component="h1">
              {translate('admin.dashboard.welcome', { name: identity?.fullName ?? '' })}
            </Typography>
            <Typography>{translate('admin.dashboard.intro')}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {links.map((l) => (
                <li key={l.to}>
                  <Link component={RouterLink} to={l.to}>
                    {translate(l.label)}
                  </Link>
                </li>
              ))}
            </Box>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
