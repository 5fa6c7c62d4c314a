import { describe, expect, it } from 'vitest';
import { completeTagsEnd } from '../../common/html-stream';
import { deferStart, deferStartScript, singleQuoted, withAppLinks } from '../../web/lib/deferred-start';
import { registerWorkerWhenQuiet, type WorkerWindow } from '../../web/worker-registration';

// The shape React Router 7 writes (server-rendered, routes discovered lazily).
const page = [
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/>',
  '<link rel="modulepreload" href="/assets/root-B.js"/>',
  '<link rel="stylesheet" href="/assets/root-C.css"/></head><body><main>Выборг</main>',
  '<script>window.__reactRouterContext = {};</script>',
  '<script type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\n',
  'import * as route1_main from "/assets/home-D.js";\nconst route1 = {...route1_main};\n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\nimport("/assets/entry.client-A.js");</script>',
  '<script>window.__reactRouterContext.streamController.close();</script></body></html>',
].join('');

describe('deferred start of the app', () => {
  it('turns the static imports into awaited dynamic ones after the first paint', () => {
    const code = deferStartScript(';\nimport "/m.js";\nimport * as route0 from "/r.js";\nimport("/e.js");', [
      '/r.js',
    ]);
    expect(code).not.toMatch(/import \* as|import "/);
    expect(code).toContain('const route0 = await import("/r.js");');
    expect(code).toContain('await import("/m.js");');
    expect(code).toContain('import("/e.js");');
    expect(code.indexOf('requestAnimationFrame')).toBeLessThan(code.indexOf('modulepreload'));
    expect(code.indexOf('modulepreload')).toBeLessThan(code.indexOf('await import("/m.js")'));
  });

  it('writes the route manifest without its indentation', () => {
    const manifest = { entry: { module: '/e.js', imports: [] }, routes: { root: { id: 'root' } } };
    const code = deferStartScript(
      `;\nimport "/m.js";\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};\n  window.__reactRouterRouteModules = {};`,
      [],
    );
    expect(code).toContain(`window.__reactRouterManifest = ${JSON.stringify(manifest)};`);
    expect(code).toContain('window.__reactRouterRouteModules = {};');
  });

  it('drops the route flags that are false from the manifest, and keeps those that are true', () => {
    const manifest = {
      routes: { root: { id: 'root', hasLoader: true, hasAction: false, hasClientLoader: false, css: [] } },
    };
    const code = deferStartScript(
      `;\n  window.__reactRouterManifest = ${JSON.stringify(manifest, null, 2)};`,
      [],
    );
    expect(code).toContain(
      'window.__reactRouterManifest = {"routes":{"root":{"id":"root","hasLoader":true,"css":[]}}};',
    );
  });

  it('writes the page data as a single-quoted string that reads back as the same text', () => {
    const text = `[{"_1":2},"Дом «Выборг»","it's","a\\b","</script><!--","line\nbreak\u2028"]`;
    const literal = singleQuoted(text);
    expect(literal).not.toMatch(/<\/script|<!--|\n|\u2028/);
    expect(new Function(`return ${literal}`)()).toBe(text);

    const data = JSON.stringify(text).replace(/</g, '\\u003c');
    const whole = deferStart(
      page.replace(
        '<script>window.__reactRouterContext.streamController.close();',
        `<script>window.__reactRouterContext.streamController.enqueue(${data});</script><script>window.__reactRouterContext.streamController.close();`,
      ),
    );
    const written = whole.match(/streamController\.enqueue\((.*?)\);<\/script>/)?.[1] ?? '';
    expect(written.startsWith("'")).toBe(true);
    expect(written.length).toBeLessThan(data.length);
    expect(new Function(`return ${written}`)()).toBe(text);
  });

  it('moves the preloads from the head into the start script', () => {
    const whole = deferStart(page);
    expect(whole).not.toContain('<link rel="modulepreload"');
    expect(whole).toContain('<link rel="stylesheet" href="/assets/root-C.css"/>');
    expect(whole).toContain('["/assets/entry.client-A.js","/assets/root-B.js"]');
    expect(whole).toContain('const route1_main = await import("/assets/home-D.js");');
    expect(whole).toContain('<main>Выборг</main>');
  });

  it('links the manifest of the page language and the home-screen icon in the head', () => {
    const whole = withAppLinks(deferStart(page), 'en', 'Lenoblast "&" co');
    const head = whole.slice(0, whole.indexOf('</head>'));
    expect(head).toContain('<link rel="manifest" href="/site.en.webmanifest"/>');
    expect(head).toContain('<link rel="apple-touch-icon" href="/app-icons/apple-touch-icon.png"/>');
    expect(head).toContain(
      '<link rel="search" type="application/opensearchdescription+xml" title="Lenoblast &quot;&amp;&quot; co" href="/opensearch.xml?lng=en"/>',
    );
  });

  it('registers the service worker once the page has loaded and gone quiet, only where there are workers', () => {
    const registered: string[] = [];
    const listeners: Record<string, () => void> = {};
    // The browser's idle periods, run by hand: each asks for the next one.
    let idle: ((deadline: { timeRemaining: () => number }) => void) | null = null;
    const idlePeriods = (count: number, remaining: number) => {
      for (let i = 0; i < count && idle; i++) {
        const next = idle;
        idle = null;
        next({ timeRemaining: () => remaining });
      }
    };
    const browser = (serviceWorker: boolean, readyState = 'interactive'): WorkerWindow => ({
      navigator: serviceWorker
        ? {
            serviceWorker: {
              register: (url: string) => {
                registered.push(url);
                return Promise.resolve();
              },
            },
          }
        : {},
      document: { readyState },
      addEventListener: (type, fn) => {
        listeners[type] = fn;
      },
      requestIdleCallback: (fn) => {
        idle = fn;
      },
      setTimeout: () => undefined,
      performance: { now: () => 0 },
    });
    registerWorkerWhenQuiet(browser(false));
    expect(listeners.load).toBeUndefined();
    expect(idle).toBeNull();
    registerWorkerWhenQuiet(browser(true));
    expect(idle).toBeNull();
    listeners.load?.();
    // busy: the idle periods are short
    idlePeriods(30, 12);
    // quiet, but not for a second yet
    idlePeriods(15, 50);
    idlePeriods(1, 3);
    idlePeriods(19, 50);
    expect(registered).toEqual([]);
    idlePeriods(1, 50);
    expect(registered).toEqual(['/sw.js']);
    expect(idle).toBeNull();
    // a page that had loaded before the app started waits for the quiet at once
    registerWorkerWhenQuiet(browser(true, 'complete'));
    idlePeriods(20, 50);
    expect(registered).toEqual(['/sw.js', '/sw.js']);
  });

  it('finds where a stream can be cut without splitting a tag', () => {
    expect(completeTagsEnd('<p>a</p><lin')).toBe(8);
    expect(completeTagsEnd('<p>a</p>text')).toBe(12);
    expect(completeTagsEnd('')).toBe(0);
  });
});
