// The one place that rewrites what React Router writes into a page (decision 009, 044). What its
// documented options can do is done there: the app's start waits for the page's strings in
// web/entry.client.tsx, which also registers the service worker. What they cannot do is here, by
// the shape of React Router 7's output, which tests/e2e/ssr.test.ts checks on real pages (a version
// that writes it otherwise fails there): `<Scripts>` always puts its module preloads in the head and
// imports the route modules statically in its start script (so they are fetched at once, before the
// first paint), writes the route manifest indented, and the page data as a double-quoted string.

const preloadTag = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*>/g;
/** React Router's module script that imports the route modules and starts the app. */
const startTag = '<script type="module" async="">';
const scriptEnd = '</script>';

/**
 * What the start script waits for: the first paint (a hidden tab never paints: at once), then the
 * pictures of the first screen (`fetchpriority="high"`, the largest content), at most 2.5 s, so that
 * on a slow connection the app's scripts do not take the bandwidth from them.
 */
const afterFirstPaint =
  "await new Promise(r=>document.visibilityState==='hidden'?r():requestAnimationFrame(()=>setTimeout(r,0)));" +
  "await Promise.race([Promise.all([...document.querySelectorAll('img[fetchpriority=high]')].map(i=>i.decode().catch(()=>{}))),new Promise(r=>setTimeout(r,2500))]);";

/**
 * React Router writes the page's route manifest as indented JSON (a fifth of its start script): the
 * same JSON without the indentation, and without the route flags that are false (`hasAction`,
 * `hasClientLoader`…: the router reads them as true or not). Anything else is left as it is.
 */
function compactManifest(code: string): string {
  return code.replace(
    /(window\.__reactRouterManifest = )(\{[\s\S]*?\n\});/,
    (all, head: string, json: string) => {
      try {
        const flagsTrueOnly = (key: string, value: unknown) =>
          value === false && /^has[A-Z]/.test(key) ? undefined : value;
        return `${head}${JSON.stringify(JSON.parse(json), flagsTrueOnly)};`;
      } catch {
        return all;
      }
    },
  );
}

/** React Router's page data: the JSON text of its stream, written as a double-quoted JS string. */
const dataChunk = /(\.streamController\.enqueue\()("(?:[^"\\]|\\.)*")(\);)/g;

/**
 * The same string as a single-quoted JS literal, where the JSON's own double quotes need no
 * backslash (a tenth of a detail page's data). `<` is escaped so that no `</script>` or `<!--` can
 * appear in the script, line breaks so that the literal stays on one line.
 */
export function singleQuoted(text: string): string {
  const escaped = text.replace(/[\\'<\n\r\u2028\u2029]/g, (c) =>
    c === '<'
      ? '\\x3C'
      : c === '\\' || c === "'"
        ? `\\${c}`
        : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `'${escaped}'`;
}

/** Rewrites each chunk of the page data (dataChunk) with singleQuoted; one it cannot read stays. */
function compactData(html: string): string {
  return html.replace(dataChunk, (all, head: string, literal: string, tail: string) => {
    try {
      return `${head}${singleQuoted(JSON.parse(literal))}${tail}`;
    } catch {
      return all;
    }
  });
}

/**
 * React Router's start script, made to wait for the first paint: it first asks for every module of
 * the page at once (the preloads that left the head), then imports the route modules one after the
 * other (`import * as x from "…"` becomes `const x = await import("…")`), each evaluated in a task of
 * its own, and finally the app's entry as before.
 */
export function deferStartScript(code: string, hrefs: string[]): string {
  // A module preload costs ~0.6 ms of main thread to add (16 ms for 26 on this machine, ×4 in
  // Lighthouse): six at a time, one task each.
  const preload = `{const hs=${JSON.stringify(hrefs)};for(let i=0;i<hs.length;i+=6){if(i)await new Promise(r=>setTimeout(r,0));const f=document.createDocumentFragment();for(const h of hs.slice(i,i+6)){const l=document.createElement('link');l.rel='modulepreload';l.href=h;f.appendChild(l)}document.head.appendChild(f)}}`;
  const imports = compactManifest(code)
    .replace(/import \* as (\w+) from ("[^"]+");/g, 'const $1 = await import($2);')
    .replace(/(^|[;\n])\s*import ("[^"]+");?/g, '$1await import($2);');
  return `${afterFirstPaint}${preload}\n${imports}`;
}

/** Rewrites a page's start script (deferStartScript) and takes its preloads out of the head. */
function startRewriter(): (html: string) => string {
  const hrefs: string[] = [];
  return (text: string) =>
    text
      .replace(preloadTag, (_tag, href: string) => {
        hrefs.push(href);
        return '';
      })
      .replace(
        new RegExp(`${startTag}([\\s\\S]*?)${scriptEnd}`),
        (_all, code: string) => `${startTag}${deferStartScript(code, hrefs)}${scriptEnd}`,
      );
}

/**
 * Starts the app after the page's first paint and its first-screen pictures. The module preloads leave the head and React Router's
 * start script waits for the first frame before it asks for them (deferStartScript). On a slow
 * connection the style sheets and the hero picture no longer share it with ~190 KB of scripts, so
 * the page shows sooner; the app starts a frame after the first paint, and its start is cut into one
 * task per route module instead of one long task. The page is rewritten whole (entry.server renders
 * it before it sends it).
 */
export function deferStart(html: string): string {
  return compactData(startRewriter()(html));
}

/**
 * The head's links of the installable app: the manifest in the page's language (decision 028),
 * Apple's home-screen icon, and the site search's OpenSearch description in the page's language
 * (`searchName`: its name in a browser's list of search engines). Written by the server only: the
 * browser's app never needs them, so they cost the page's scripts nothing (React leaves head
 * elements it did not render alone).
 */
export function withAppLinks(html: string, lang: string, searchName: string): string {
  const title = searchName.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return html.replace(
    '</head>',
    `<link rel="manifest" href="/site.${lang}.webmanifest"/><link rel="apple-touch-icon" href="/app-icons/apple-touch-icon.png"/><link rel="search" type="application/opensearchdescription+xml" title="${title}" href="/opensearch.xml?lng=${lang}"/></head>`,
  );
}
