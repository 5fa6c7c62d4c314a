import { Box, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import { minPasswordLength } from '../../../common/password-rules';

export { minPasswordLength };

/**
 * The server's password rules, said before the user types (the server checks them again and its
 * 400 says which one failed). `id` lets the password fields point at them (aria-describedby).
 */
export function PasswordRules({ id }: { id: string }) {
  const translate = useTranslate();
  const titleId = useId();
  return (
    <Box id={id} sx={{ color: 'text.secondary' }}>
      <Typography variant="body2" id={titleId} sx={{ fontWeight: 600 }}>
        {translate('admin.password_rules.title')}
      </Typography>
      <Box component="ul" aria-labelledby={titleId} sx={{ m: 0, pl: 3, typography: 'body2' }}>
        <li>{translate('admin.password_rules.length', { min: minPasswordLength })}</li>
        <li>{translate('admin.password_rules.common')}</li>
      </Box>
    </Box>
  );
}
