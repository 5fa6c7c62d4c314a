import { Writable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import type { ReadApi } from '../common/read-api';
import type { PageRequest } from '../common/web-entry';
import type { ApiClient } from './api/client';
import { createReadClient } from './api/read-client';
import { langOfRequest, serverI18n, type Translations } from './i18n';
import type { PortalLoadContext } from './lib/context';
import { deferStart, withAppLinks } from './lib/deferred-start';
import { loadDeferred } from './lib/lazy-near-screen';
import { registerServerI18n, ServerI18n } from './lib/page-strings';
import { createQueryClient } from './lib/query-client';

export const streamTimeout = 10_000;

/** The API client of the app's read functions, made once per app (a test process builds several). */
const serverApis = new WeakMap<ReadApi, ApiClient>();

/** The load context of one page request (called by server/web.ts). */
export function createLoadContext(args: PageRequest): Promise<PortalLoadContext> {
  let serverApi = serverApis.get(args.read);
  if (!serverApi) {
    serverApi = createReadClient(args.read);
    serverApis.set(args.read, serverApi);
  }
  const lang = langOfRequest(args.url, args.cookie, args.acceptLanguage);
  return args.translations(lang).then((translations) => {
    const i18n = serverI18n(lang, translations);
    registerServerI18n(lang, i18n);
    return {
      api: serverApi,
      lang,
      queryClient: createQueryClient(),
      translations,
      i18n,
      stringVersions: args.stringVersions,
      publicUrl: args.publicUrl,
      badgeScriptUrl: args.badgeScriptUrl,
      page: args.page,
      ...(args.preview ? { preview: args.preview } : {}),
    };
  });
}

/** The site's short name (the installed app's), which names its search in a browser's list. */
const searchName = (translations: Translations) =>
  String((translations.offline?.app as { shortName?: string } | undefined)?.shortName ?? '');

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // Components that the browser loads near the screen render in place here: their code first.
  await loadDeferred();
  // The whole page, then one answer. Its data is loaded before it renders (the loaders) and the
  // code of the parts that load later is there (above), so nothing is left to stream: a page in one
  // piece is rewritten once (deferStart) and sent once, where 40-odd chunks of React's went
  // through four streams, a rewrite and a compression each (a fifth of an uncached page's time).
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const page = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        const html = withAppLinks(
          deferStart(Buffer.concat(chunks).toString('utf8')),
          loadContext.lang,
          searchName(loadContext.translations),
        );
        clearTimeout(timer);
        // The text goes back in the load context (common/web-entry.ts), the Response without a body.
        loadContext.page.html = html;
        resolve(new Response(null, { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <ServerI18n.Provider value={loadContext.i18n}>
        <ServerRouter context={routerContext} url={request.url} />
      </ServerI18n.Provider>,
      {
        // Sections in their own <Suspense> (hydrated one by one) stay in place in the HTML: React
        // would otherwise move a large finished one to the end of the stream, to be put in place by
        // an inline script (hidden without JavaScript, and revealed late).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(page);
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
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}
