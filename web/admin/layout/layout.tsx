import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { ListItemIcon, ListItemText, MenuItem, type Theme, useMediaQuery } from '@mui/material';
import { forwardRef, type ReactNode, useEffect } from 'react';
import {
  AppBar,
  Layout,
  type LayoutProps,
  LoadingIndicator,
  LocalesMenuButton,
  Logout,
  TitlePortal,
  UserMenu,
  useGetIdentity,
  useLocaleState,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Link, Navigate, useLocation } from 'react-router';
import { myAccountPath, type StaffIdentity } from '../providers/auth-provider';
import { AdminMenu } from './menu';

/** "My account" in the user menu of the top bar (a link: it closes the menu and opens the page). */
const MyAccountItem = forwardRef<HTMLAnchorElement>(function MyAccountItem(props, ref) {
  const translate = useTranslate();
  const menu = useUserMenu();
  return (
    <MenuItem component={Link} to={myAccountPath} ref={ref} {...props} onClick={() => menu?.onClose()}>
      <ListItemIcon>
        <ManageAccountsIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('admin.menu.my_account')}</ListItemText>
    </MenuItem>
  );
});

const shortLanguages = [
  { locale: 'ru', name: 'RU' },
  { locale: 'en', name: 'EN' },
];

/** The top bar: the page's title, the language menu, and the signed-in account's menu (its name). */
function AdminAppBar() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  // The button shows the account's name: its accessible name must contain it (WCAG 2.5.3).
  const label = identity?.fullName
    ? translate('admin.menu.user', { name: identity.fullName })
    : 'ra.auth.user_menu';
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <AppBar
      // On a phone the language menu says "RU" or "EN": the full names leave the title no room.
      toolbar={
        <>
          <LocalesMenuButton languages={phone ? shortLanguages : undefined} />
          {/* its spinner is given a name (react-admin's has none: an unnamed progress bar to a screen reader) */}
          <LoadingIndicator aria-label={translate('ra.page.loading')} />
        </>
      }
      userMenu={
        <UserMenu label={label}>
          <MyAccountItem />
          <Logout />
        </UserMenu>
      }
    >
      {/* On a phone a long title ends in "…" instead of running under the buttons. The title is
          each screen's h1 (axe's page-has-heading-one): react-admin puts every screen's <Title>
          here, so each list, form and page has one, looking as react-admin draws its title. */}
      <TitlePortal
        component="h1"
        sx={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      />
    </AppBar>
  );
}

/** The page's language and title follow the chosen locale (screen readers, hyphenation, spelling). */
export function DocumentLanguage() {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = translate('admin.title');
  }, [locale, translate]);
  return null;
}

/**
 * An admin whom the settings require to have a second factor sees nothing but "My account" until it
 * is set up (the server refuses them everything else with a 403 anyway).
 */
function SecondFactorFirst({ children }: { children: ReactNode }) {
  const { identity } = useGetIdentity();
  const location = useLocation();
  if ((identity as StaffIdentity | undefined)?.totp_required && location.pathname !== myAccountPath) {
    return <Navigate to={myAccountPath} replace />;
  }
  return children;
}

export function AdminLayout({ children }: LayoutProps) {
  return (
    <Layout appBar={AdminAppBar} menu={AdminMenu}>
      <DocumentLanguage />
      <SecondFactorFirst>{children}</SecondFactorFirst>
    </Layout>
  );
}
