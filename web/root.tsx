import { dehydrate, HydrationBoundary, QueryClientProvider } from '@tanstack/react-query';
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
import { defaultLang, normalizeLang } from '../common/languages';
import { queries } from './api/queries';
import { createI18n, rememberLang } from './i18n';
import { ApiProvider } from './lib/api-context';
import { browserClients, createQueryClient } from './lib/query-client';
import { setBrowserTranslations } from './lib/route-data';
import './styles/global.css';

export async function loader({ context }: LoaderFunctionArgs) {
  const { api, lang, queryClient } = context;
  await Promise.all([
    queryClient.ensureQueryData(queries.navList(api, lang)),
    queryClient.ensureQueryData(queries.mainPage(api, lang)),
    queryClient.ensureQueryData(queries.footerContent(api, lang)),
    queryClient.ensureQueryData(queries.infoPages(api, lang)),
  ]);
  return {
    lang,
    translations: context.translations,
    publicUrl: context.publicUrl,
    badgeScriptUrl: context.badgeScriptUrl,
    dehydratedState: dehydrate(queryClient),
  };
}
export type RootData = Awaited<ReturnType<typeof loader>>;

// Root data depends only on the language, which changes in the browser without a navigation.
export const shouldRevalidate = () => false;

export const links = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/site.webmanifest' },
];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  return (
    <html lang={data?.lang ?? 'ru'}>
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

export default function App() {
  const data = useLoaderData<RootData>();
  const [queryClient] = useState(() =>
    typeof window === 'undefined' ? createQueryClient() : browserClients().queryClient,
  );
  const [i18n] = useState(() => {
    const instance = createI18n(data.lang, data.translations);
    setBrowserTranslations(
      () => instance.store.data[instance.language] as Record<string, Record<string, unknown>>,
    );
    return instance;
  });
  useEffect(() => {
    // The app has started (it starts after the first paint: web/lib/deferred-start.ts); the e2e
    // tests wait for this before they use a control that needs it.
    document.documentElement.dataset.app = 'started';
  }, []);
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
      <HydrationBoundary state={data.dehydratedState}>
        <I18nextProvider i18n={i18n}>
          <ApiProvider>
            <Outlet />
          </ApiProvider>
        </I18nextProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}

/** The last resort, outside the site's layout: the spec's generic heading and a way home. */
export function ErrorBoundary() {
  const error = useRouteError();
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
