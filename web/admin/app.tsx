import FeedbackIcon from '@mui/icons-material/Feedback';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import PeopleIcon from '@mui/icons-material/People';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import { useState } from 'react';
import { Admin, AdminContext, CustomRoutes, defaultTheme, localStorageStore, Resource } from 'react-admin';
import { createBrowserRouter, Route } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { ImportPage } from './content/import';
import { contentResources } from './content/resources';
import { i18nProvider } from './i18n/i18n-provider';
import { AdminLayout } from './layout/layout';
import { MediaEdit, MediaList } from './media/library';
import { IssueCreate, IssueEdit, IssueList } from './newsletter/issues';
import { authProvider, myAccountPath } from './providers/auth-provider';
import { createDataProvider } from './providers/data-provider';
import { AccountCreate, AccountEdit, AccountList } from './screens/accounts';
import { Dashboard } from './screens/dashboard';
import { ErasePage, erasePath } from './screens/erase';
import { OsmReviewPage, StaleFactsPage } from './screens/facts';
import { LinkPage } from './screens/link';
import { MyAccountPage } from './screens/my-account';
import { SettingsPage } from './screens/settings';
import { SignInPage } from './screens/sign-in';
import { FeedbackList, FeedbackShow } from './visitors/feedback';
import { SubscriberList } from './visitors/subscribers';

/**
 * The resources and how they are written (providers/data-provider.ts). The content sections
 * (`content/<section>`) are saved whole with PUT and their version; the accounts with PATCH.
 */
const dataProvider = createDataProvider(i18nProvider, {
  accounts: { update: 'patch', readOnly: ['email', 'totp_enabled', 'invited', 'last_seen_at'] },
  media: {
    update: 'patch',
    readOnly: ['width', 'height', 'bytes', 'original_name', 'missing_alt', 'used_by'],
  },
});

/**
 * react-admin's default look with a darker blue: its own (#1976d2) falls under the 4.5:1 contrast
 * of WCAG AA as the label of a focused field on the field's grey. An empty list's text is drawn at
 * half opacity (2.66:1 on the page's grey): full opacity in the secondary text colour keeps the
 * same quiet look at 5.5:1 (axe in tests/e2e/admin-screens.test.ts).
 */
const theme = {
  ...defaultTheme,
  palette: { ...defaultTheme.palette, primary: { main: '#1565c0' }, secondary: { main: '#0d47a1' } },
  components: {
    ...defaultTheme.components,
    // An empty list's sentence is drawn as an h4 (react-admin's Empty), a heading below the
    // screen's h1 with nothing between: it is a paragraph, in the same look. No other h4 here.
    MuiTypography: { defaultProps: { variantMapping: { h4: 'p' } } },
    RaEmpty: {
      styleOverrides: {
        root: ({ theme: t }: { theme: { palette: { text: { secondary: string } } } }) => ({
          '& .RaEmpty-message': { opacity: 1, color: t.palette.text.secondary },
        }),
      },
    },
  },
};

/** The choices kept in the browser (the language): shared by the back office and the link's page. */
const store = localStorageStore();

/**
 * The back office: react-admin under /admin, Russian by default. Real paths, not react-admin's
 * default hash router: the server answers every /admin path with this app, and a one-time link
 * (/admin/link?token=…) is a plain URL in a mail. A data router (not BrowserRouter): react-admin
 * blocks a navigation away from a form with unsaved changes only under one.
 */
export function App() {
  const [router] = useState(() =>
    createBrowserRouter(
      [
        { path: '/link', element: <OneTimeLink /> },
        { path: '*', element: <BackOffice /> },
      ],
      { basename: '/admin' },
    ),
  );
  return <RouterProvider router={router} />;
}

/**
 * A one-time link's page, outside react-admin's authentication: whoever opens it has no session
 * yet, and under <Admin> the refused check of the session (retried for a few seconds) signed the
 * page out to the sign-in screen while the new member was still choosing a password. Its texts and
 * look are the back office's; once the password is accepted, the back office takes over.
 */
function OneTimeLink() {
  return (
    <AdminContext i18nProvider={i18nProvider} theme={theme} store={store}>
      <LinkPage />
    </AdminContext>
  );
}

function BackOffice() {
  return (
    <Admin
      title="admin.title"
      theme={theme}
      store={store}
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      loginPage={SignInPage}
      layout={AdminLayout}
      dashboard={Dashboard}
      disableTelemetry
    >
      {(permissions: unknown) => (
        <>
          <Resource
            name="accounts"
            list={AccountList}
            create={AccountCreate}
            edit={AccountEdit}
            icon={PeopleIcon}
            recordRepresentation="email"
          />
          {contentResources(permissions)}
          <Resource
            name="media"
            list={MediaList}
            edit={MediaEdit}
            icon={PhotoLibraryIcon}
            recordRepresentation="original_name"
          />
          <Resource name="feedback" list={FeedbackList} show={FeedbackShow} icon={FeedbackIcon} />
          <Resource
            name="newsletter/issues"
            list={IssueList}
            create={IssueCreate}
            edit={IssueEdit}
            icon={NewspaperIcon}
          />
          <Resource
            name="subscribers"
            list={SubscriberList}
            icon={MarkEmailReadIcon}
            recordRepresentation="email"
          />
          <CustomRoutes>
            <Route path={myAccountPath} element={<MyAccountPage />} />
            <Route path="/settings" element={<SettingsPage />} />
            <Route path="/facts/stale" element={<StaleFactsPage />} />
            <Route path="/facts/osm" element={<OsmReviewPage />} />
            <Route path="/import/:section" element={<ImportPage />} />
            <Route path={erasePath} element={<ErasePage />} />
          </CustomRoutes>
        </>
      )}
    </Admin>
  );
}
