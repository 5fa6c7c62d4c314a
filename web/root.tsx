import {
  type DehydratedState,
  dehydrate,
  HydrationBoundary,
  QueryClientProvider,
} from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import {
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { defaultLang, type Lang, normalizeLang } from '../common/languages';
import { queries } from './api/queries';
import { ErrorPage } from './features/layout/error-page';
import { SiteShell } from './features/layout/site-shell';
import { createI18n, rememberLang, type Translations } from './i18n';
import { ApiProvider } from './lib/api-context';
import { pageMeta } from './lib/meta';
import { browserClients, createQueryClient } from './lib/query-client';
import {
  type RootBase,
  type RootData,
  rootBaseOf,
  routeError,
  setBrowserTranslations,
} from './lib/route-data';
import './styles/global.css';

export async function loader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const { api, lang, queryClient } = context;
  const base: RootBase = {
    lang,
    translations: context.translations,
    publicUrl: context.publicUrl,
    badgeScriptUrl: context.badgeScriptUrl,
  };
  try {
    await Promise.all([
      queryClient.ensureQueryData(queries.navList(api, lang)),
      queryClient.ensureQueryData(queries.mainPage(api, lang)),
      queryClient.ensureQueryData(queries.footerContent(api, lang)),
      queryClient.ensureQueryData(queries.infoPages(api, lang)),
    ]);
  } catch (error) {
    // With the database down, the error boundary below still shows the site in its language.
    throw routeError(error, base);
  }
  return { ...base, dehydratedState: dehydrate(queryClient) };
}

// Shown when the root's own data failed (the 503 page); pages have their own.
export const meta = pageMeta;

// Root data depends only on the language, which changes in the browser without a navigation.
export const shouldRevalidate = () => false;

export const links = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const unavailable = rootBaseOf(useRouteError());
  return (
    <html lang={data?.lang ?? unavailable?.lang ?? 'ru'}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14213d" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Queries (with the server's data), the strings of the page's language and the API client. */
function Providers({
  lang,
  translations,
  dehydratedState,
  children,
}: {
  lang: Lang;
  translations: Translations;
  dehydratedState: DehydratedState | null;
  children: ReactNode;
}) {
  const [queryClient] = useState(() =>
    typeof window === 'undefined' ? createQueryClient() : browserClients().queryClient,
  );
  const [i18n] = useState(() => {
    const instance = createI18n(lang, translations);
    setBrowserTranslations(
      () => instance.store.data[instance.language] as Record<string, Record<string, unknown>>,
    );
    return instance;
  });
  useEffect(() => {
    // The page's language is the visitor's choice until they make another: the next visit, and a
    // page the server renders, are in it.
    const sync = (lng: string) => {
      const lang = normalizeLang(lng) ?? defaultLang;
      document.documentElement.lang = lang;
      rememberLang(lang);
    };
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [i18n]);
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        <I18nextProvider i18n={i18n}>
          <ApiProvider>{children}</ApiProvider>
        </I18nextProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}

export default function App() {
  const data = useLoaderData<RootData>();
  useEffect(() => {
    // The app has started (it starts after the first paint: web/lib/deferred-start.ts); the e2e
    // tests wait for this before they use a control that needs it.
    document.documentElement.dataset.app = 'started';
  }, []);
  return (
    <Providers lang={data.lang} translations={data.translations} dehydratedState={data.dehydratedState}>
      <Outlet />
    </Providers>
  );
}

/**
 * The root's data could not load. With the database down (503) the site's layout still shows, in
 * the visitor's language, with the "temporarily unavailable" page (a link retries, which loads the
 * root again); anything else gets the last resort, which needs no strings from the server: a fixed
 * heading and a link home in Russian and English.
 */
export function ErrorBoundary() {
  const error = useRouteError();
  const unavailable = rootBaseOf(error);
  if (unavailable) {
    return (
      <Providers lang={unavailable.lang} translations={unavailable.translations} dehydratedState={null}>
        <SiteShell>
          <ErrorPage status={503} />
        </SiteShell>
      </Providers>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="fatal-error">
      <h1>{status === 404 ? '404' : 'Unexpected Application Error!'}</h1>
      <p>
        <a href="/">На главную / Home</a>
      </p>
    </main>
  );
}
