import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { completeTagsEnd } from '../../common/html-stream';

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
 * React Router's start script, made to wait for the first paint: it first asks for every module of
 * the page at once (the preloads that left the head), then imports the route modules one after the
 * other (`import * as x from "…"` becomes `const x = await import("…")`), each evaluated in a task of
 * its own, and finally the app's entry as before.
 */
export function deferStartScript(code: string, hrefs: string[]): string {
  // A module preload costs ~0.6 ms of main thread to add (16 ms for 26 on this machine, ×4 in
  // Lighthouse): six at a time, one task each.
  const preload = `{const hs=${JSON.stringify(hrefs)};for(let i=0;i<hs.length;i+=6){if(i)await new Promise(r=>setTimeout(r,0));const f=document.createDocumentFragment();for(const h of hs.slice(i,i+6)){const l=document.createElement('link');l.rel='modulepreload';l.href=h;f.appendChild(l)}document.head.appendChild(f)}}`;
  const imports = code
    .replace(/import \* as (\w+) from ("[^"]+");/g, 'const $1 = await import($2);')
    .replace(/(^|[;\n])\s*import ("[^"]+");?/g, '$1await import($2);');
  return `${afterFirstPaint}${preload}\n${imports}`;
}

/**
 * Starts the app after the page's first paint and its first-screen pictures. The module preloads leave the head and React Router's
 * start script waits for the first frame before it asks for them (deferStartScript). On a slow
 * connection the style sheets and the hero picture no longer share it with ~190 KB of scripts, so
 * the page shows sooner; the app starts a frame after the first paint, and its start is cut into one
 * task per route module instead of one long task.
 */
export function deferredStart(): Transform {
  const decoder = new StringDecoder('utf8');
  const hrefs: string[] = [];
  let tail = '';
  const rewrite = (text: string) =>
    text
      .replace(preloadTag, (_tag, href: string) => {
        hrefs.push(href);
        return '';
      })
      .replace(
        new RegExp(`${startTag}([\\s\\S]*?)${scriptEnd}`),
        (_all, code: string) => `${startTag}${deferStartScript(code, hrefs)}${scriptEnd}`,
      );
  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      const text = tail + (typeof chunk === 'string' ? chunk : decoder.write(chunk));
      // The start script is rewritten whole: from its tag on, wait for its end.
      const start = text.indexOf(startTag);
      const end = start >= 0 && text.indexOf(scriptEnd, start) < 0 ? start : completeTagsEnd(text);
      tail = text.slice(end);
      callback(null, rewrite(text.slice(0, end)));
    },
    flush(callback: TransformCallback) {
      callback(null, rewrite(tail + decoder.end()));
    },
  });
}
