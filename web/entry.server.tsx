import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import type { Lang } from '../common/languages';
import { createApiClient } from './api/client';
import { type Inject, injectFetch } from './api/inject-fetch';
import { langOfRequest, type Translations } from './i18n';
import type { PortalLoadContext } from './lib/context';
import { deferredStart } from './lib/deferred-start';
import { loadDeferred } from './lib/lazy-near-screen';
import { createQueryClient } from './lib/query-client';

export const streamTimeout = 10_000;

let serverApi: ReturnType<typeof createApiClient> | undefined;

/** The load context of one page request (called by server/web.ts). */
export function createLoadContext(args: {
  url: URL;
  cookie: string | null;
  /** The browser's Accept-Language: the page's language when the visitor chose none. */
  acceptLanguage: string | null;
  inject: Inject;
  translations: (lang: Lang) => Promise<Translations>;
  publicUrl: string;
  badgeScriptUrl: string;
}): Promise<PortalLoadContext> {
  serverApi ??= createApiClient(injectFetch(args.inject));
  const lang = langOfRequest(args.url, args.cookie, args.acceptLanguage);
  return args.translations(lang).then((translations) => ({
    api: serverApi as NonNullable<typeof serverApi>,
    lang,
    queryClient: createQueryClient(),
    translations,
    publicUrl: args.publicUrl,
    badgeScriptUrl: args.badgeScriptUrl,
  }));
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // Components that the browser loads near the screen render in place here: their code first.
  await loadDeferred();
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers (and anything that is not a browser) get the whole page at once.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} />,
      {
        // Sections in their own <Suspense> (hydrated one by one) stay in place in the HTML: React
        // would otherwise move a large finished one to the end of the stream, to be put in place by
        // an inline script (hidden without JavaScript, and revealed late).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(deferredStart()).pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
