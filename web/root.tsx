import {
  type DehydratedState,
  dehydrate,
  HydrationBoundary,
  hashKey,
  QueryClientProvider,
} from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  type LoaderFunctionArgs,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import { defaultLang, type Lang, langTag, normalizeLang } from '../common/languages';
import { queries } from './api/queries';
import { createI18n, rememberLang } from './i18n';
import { ApiProvider } from './lib/api-context';
import { pageMeta } from './lib/meta';
import {
  ServerI18n,
  setBrowserI18n,
  setStringVersions,
  shellNamespaces,
  startStrings,
  stringsHref,
} from './lib/page-strings';
import { browserClients, createQueryClient } from './lib/query-client';
import { type RootBase, type RootData, type RouteData, rootBaseOf, routeError } from './lib/route-data';
import { I18nContext } from './lib/translation';
import { ErrorPage } from './shell/error-page';
import { SiteShell } from './shell/site-shell';
import './styles/global.css';

export async function loader({ context }: LoaderFunctionArgs): Promise<RootData> {
  const { api, lang, queryClient } = context;
  const base: RootBase = {
    lang,
    stringVersions: context.stringVersions,
    publicUrl: context.publicUrl,
    badgeScriptUrl: context.badgeScriptUrl,
  };
  // What the menu and the footer of every page show. Only these go into the root's state: the page's
  // own queries (loaded beside these on the same client) go into its route's.
  const shell = [queries.navList(api, lang), queries.contacts(api, lang), queries.infoPageTitles(api, lang)];
  try {
    await Promise.all(shell.map((q) => queryClient.ensureQueryData(q)));
  } catch (error) {
    // With the database down, the error boundary below still shows the site in its language.
    throw routeError(error, base);
  }
  const keys = new Set(shell.map((q) => hashKey(q.queryKey)));
  return {
    ...base,
    dehydratedState: dehydrate(queryClient, { shouldDehydrateQuery: (q) => keys.has(q.queryHash) }),
  };
}

// Shown when the root's own data failed (the 503 page); pages have their own.
export const meta = pageMeta;

// Root data depends only on the language, which changes in the browser without a navigation.
export const shouldRevalidate = () => false;

// The manifest and Apple's icon are written into the head by the server (web/lib/deferred-start.ts).
export const links = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export function Layout({ children }: { children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  const unavailable = rootBaseOf(useRouteError());
  const base = data ?? unavailable;
  const lang = base?.lang ?? 'ru';
  // The strings the page renders, fetched while it paints (web/lib/page-strings.ts).
  const matches = useMatches();
  const namespaces = new Set(shellNamespaces);
  for (const match of matches)
    for (const ns of (match.data as Partial<RouteData> | undefined)?.strings ?? []) namespaces.add(ns);
  return (
    <html lang={langTag(lang)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14213d" />
        <Meta />
        <Links />
        {base
          ? [...namespaces].map((ns) => (
              <link
                key={ns}
                rel="preload"
                as="fetch"
                crossOrigin="anonymous"
                href={stringsHref(lang, ns, base.stringVersions)}
                data-ns={ns}
              />
            ))
          : null}
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
  stringVersions,
  dehydratedState,
  children,
}: {
  lang: Lang;
  stringVersions: Record<string, string>;
  dehydratedState: DehydratedState | null;
  children: ReactNode;
}) {
  const [queryClient] = useState(() =>
    typeof window === 'undefined' ? createQueryClient() : browserClients().queryClient,
  );
  // On the server the language's shared instance, which has every string; in the browser one made
  // of the strings the app's entry fetched for the page (web/entry.client.tsx).
  const shared = useContext(ServerI18n);
  const [i18n] = useState(() => {
    if (shared) return shared;
    setStringVersions(stringVersions);
    const instance = createI18n(lang, startStrings());
    setBrowserI18n(instance);
    return instance;
  });
  useEffect(() => {
    // The page's language is the visitor's choice until they make another: the next visit, and a
    // page the server renders, are in it.
    const sync = (lng: string) => {
      const lang = normalizeLang(lng) ?? defaultLang;
      document.documentElement.lang = langTag(lang);
      rememberLang(lang);
    };
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [i18n]);
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        <I18nContext.Provider value={i18n}>
          <ApiProvider>{children}</ApiProvider>
        </I18nContext.Provider>
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
    <Providers lang={data.lang} stringVersions={data.stringVersions} dehydratedState={data.dehydratedState}>
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
      <Providers lang={unavailable.lang} stringVersions={unavailable.stringVersions} dehydratedState={null}>
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
