// The installable, offline part of the production build (decision 028), made after the client
// build (`npm run build`) into its folder:
// - the app icons (`/app-icons/`), rendered from the site's icon (web/public/favicon.svg) by sharp,
//   the two icons browsers ask for at fixed addresses whatever the page says: `/favicon.ico`
//   (16, 32 and 48 px in one ICO) and `/apple-touch-icon.png` (the same file as Apple's app icon),
//   and the logo the structured data names (`/logo.png`, common/site-logo.ts), on white;
// - a web app manifest per language (`/site.<lang>.webmanifest`, and `/site.webmanifest` in
//   Russian), its colours taken from the site's style sheet;
// - the offline page of each language (`/offline/<lang>.html`) and its script;
// - the service worker (`/sw.js`, web/sw/service-worker.ts) bundled by Vite with Workbox, with the
//   list of files it keeps from the start (the precache): the hashed scripts and styles, the
//   versioned UI strings, the offline pages and the icons.

import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import icoEndec from 'ico-endec';
import sharp from 'sharp';
import { build, type Rolldown } from 'vite';
import { defaultLang, type Lang, langTag, languages } from '../common/languages.js';
import { siteLogo } from '../common/site-logo.js';
import { localeFiles } from '../server/lib/locale-files.js';
import { projectRoot } from '../server/paths.js';

const clientDir = path.resolve(projectRoot, process.env.WEB_BUILD_DIR || 'dist/web', 'client');
const iconsDir = 'app-icons';

interface OfflineStrings {
  app: { name: string; shortName: string; description: string };
  page: {
    title: string;
    heading: string;
    text: string;
    retry: string;
    keptHeading: string;
    keptNone: string;
    trip: string;
    home: string;
  };
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A custom property of the site's style sheet (`--navy: #14213d;`). */
function cssColour(css: string, name: string): string {
  const value = new RegExp(`--${name}:\\s*(#[0-9a-f]{3,8})\\s*;`, 'i').exec(css)?.[1];
  if (!value) throw new Error(`web/styles/global.css has no --${name} colour`);
  return value;
}

/** The icons: the site's icon as it is (any), and on its background to the edges (maskable, Apple's). */
async function makeIcons(svg: Buffer, background: string) {
  await fs.mkdir(path.join(clientDir, iconsDir), { recursive: true });
  const render = (size: number) => sharp(svg, { density: Math.ceil((72 * size) / 64) }).resize(size, size);
  const icons = [
    { file: 'icon-192.png', size: 192, purpose: 'any', flat: false },
    { file: 'icon-512.png', size: 512, purpose: 'any', flat: false },
    // The icon's drawing lies within the middle 80% circle a mask may keep: filling its corners is enough.
    { file: 'maskable-512.png', size: 512, purpose: 'maskable', flat: true },
    // iOS puts black behind transparent corners.
    { file: 'apple-touch-icon.png', size: 180, purpose: null, flat: true },
  ];
  for (const icon of icons) {
    const image = icon.flat ? render(icon.size).flatten({ background }) : render(icon.size);
    await image.png({ compressionLevel: 9 }).toFile(path.join(clientDir, iconsDir, icon.file));
  }
  // Search engines show a logo on white: its rounded corners are white, not transparent. Outside
  // the icons' folder: the service worker has no use for it.
  await render(siteLogo.size)
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9 })
    .toFile(path.join(clientDir, siteLogo.path));
  // Browsers and crawlers ask for these two at the site's root even when a page names its icons:
  // without them each such request was a rendered 404 page.
  await fs.copyFile(
    path.join(clientDir, iconsDir, 'apple-touch-icon.png'),
    path.join(clientDir, 'apple-touch-icon.png'),
  );
  const small = await Promise.all(
    [16, 32, 48].map((size) => render(size).png({ compressionLevel: 9 }).toBuffer()),
  );
  await fs.writeFile(path.join(clientDir, 'favicon.ico'), icoEndec.encode(small));
  return icons
    .filter((i) => i.purpose)
    .map((i) => ({
      src: `/${iconsDir}/${i.file}`,
      sizes: `${i.size}x${i.size}`,
      type: 'image/png',
      purpose: i.purpose as string,
    }));
}

/** The offline page's script, bundled with the helpers it shares with the pages. */
async function buildOfflineScript(): Promise<string> {
  const out = (await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        input: path.join(projectRoot, 'web/offline/offline-page.ts'),
        output: { format: 'iife', entryFileNames: 'assets/offline-[hash].js' },
      },
    },
  })) as Rolldown.RolldownOutput;
  const entry = out.output.find((o) => o.type === 'chunk' && o.isEntry);
  if (!entry) throw new Error('the offline page script was not built');
  return `/${entry.fileName}`;
}

function offlineHtml(
  lang: Lang,
  s: OfflineStrings,
  siteName: string,
  icon: string,
  script: string,
  navy: string,
) {
  const p = s.page;
  return `<!DOCTYPE html>
<html lang="${langTag(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="${navy}">
<meta name="robots" content="noindex">
<title>${escapeHtml(`${p.title} | ${siteName}`)}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>
:root{--navy:${navy};font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","PingFang SC","Microsoft YaHei",sans-serif;color:#1b1f2a;background:#f4f6fa}
body{margin:0;min-height:100vh;display:flex;flex-direction:column}
header{background:var(--navy);color:#fff;padding:12px 20px}
header a{color:#fff;text-decoration:none;display:inline-flex;align-items:center;gap:12px;font-weight:700;font-size:1.1rem}
header svg{width:40px;height:40px;flex:none}
main{flex:1;width:100%;max-width:44rem;margin:0 auto;padding:40px 20px 56px;box-sizing:border-box}
h1{font-size:clamp(1.6rem,5vw,2.2rem);line-height:1.2;margin:0 0 16px;color:var(--navy)}
h2{font-size:1.2rem;margin:40px 0 12px;color:var(--navy)}
p{line-height:1.55;margin:0 0 16px;color:#3a4152}
.retry{display:inline-block;background:var(--navy);color:#fff;border-radius:10px;padding:12px 22px;font-weight:600;text-decoration:none}
.retry:hover{background:#1f3160}
a:focus-visible{outline:3px solid #a77b12;outline-offset:3px}
ul{list-style:none;margin:0;padding:0;background:#fff;border:1px solid #dde1ea;border-radius:14px}
li+li{border-top:1px solid #dde1ea}
li a{display:block;padding:14px 18px;color:var(--navy);font-weight:600;text-decoration:none}
li a:hover{text-decoration:underline}
ul:empty{display:none}
</style>
<script src="${script}" defer></script>
</head>
<body>
<header><a href="/?lng=${lang}">${icon}<span>${escapeHtml(siteName)}</span></a></header>
<main>
<h1>${escapeHtml(p.heading)}</h1>
<p>${escapeHtml(p.text)}</p>
<p><a class="retry" href="">${escapeHtml(p.retry)}</a></p>
<section aria-labelledby="kept-heading">
<h2 id="kept-heading">${escapeHtml(p.keptHeading)}</h2>
<ul id="kept" data-trip="${escapeHtml(p.trip)}"></ul>
<p id="kept-none">${escapeHtml(p.keptNone)}</p>
</section>
</main>
</body>
</html>
`;
}

async function walk(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch(() => []);
  const files = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return files.flat();
}

/**
 * What the worker keeps from the start. Hashed files (`/assets/`) and versioned strings have no
 * revision (the address changes with the content); the others a hash of their content.
 */
async function precacheList(): Promise<{ url: string; revision: string | null }[]> {
  const entries: { url: string; revision: string | null }[] = [];
  const files = [
    ...(await walk(path.join(clientDir, 'assets'))).filter((f) => !f.endsWith('.map')),
    ...(await walk(path.join(clientDir, 'offline'))),
    ...(await walk(path.join(clientDir, iconsDir))),
    path.join(clientDir, 'favicon.svg'),
  ];
  for (const file of files.sort()) {
    const url = `/${path.relative(clientDir, file).split(path.sep).join('/')}`;
    const hashed = url.startsWith('/assets/');
    const revision = hashed
      ? null
      : createHash('sha256')
          .update(await fs.readFile(file))
          .digest('hex')
          .slice(0, 16);
    entries.push({ url, revision });
  }
  // The UI strings at the addresses the pages ask for them (decision 025).
  const versions = await localeFiles(true).versions();
  for (const lang of languages)
    for (const [namespace, version] of Object.entries(versions).sort())
      entries.push({ url: `/locales/${lang}/${namespace}.json?v=${version}`, revision: null });
  return entries;
}

async function buildWorker(manifest: { url: string; revision: string | null }[]): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    define: {
      __PRECACHE_MANIFEST__: JSON.stringify(manifest),
      // Workbox's modules leave out their development logging.
      'process.env.NODE_ENV': JSON.stringify('production'),
    },
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      copyPublicDir: false,
      target: 'es2022',
      modulePreload: false,
      rolldownOptions: {
        input: path.join(projectRoot, 'web/sw/service-worker.ts'),
        output: { format: 'iife', entryFileNames: 'sw.js' },
      },
    },
  });
}

async function main(): Promise<void> {
  await fs.access(path.join(clientDir, 'assets'));
  const css = await fs.readFile(path.join(projectRoot, 'web/styles/global.css'), 'utf8');
  const navy = cssColour(css, 'navy');
  const background = cssColour(css, 'bg');
  const svg = await fs.readFile(path.join(projectRoot, 'web/public/favicon.svg'));
  const icons = await makeIcons(svg, navy);
  const script = await buildOfflineScript();
  const inlineIcon = svg
    .toString('utf8')
    .trim()
    .replace('<svg ', '<svg aria-hidden="true" focusable="false" ');
  const bundles = await localeFiles(true);
  await fs.mkdir(path.join(clientDir, 'offline'), { recursive: true });
  for (const lang of languages) {
    const strings = await bundles.bundles(lang);
    const s = strings.offline as unknown as OfflineStrings;
    const siteName = String((strings.translation?.site as { name?: string } | undefined)?.name ?? '');
    if (!siteName) throw new Error(`locales/${lang}/translation.json has no site.name`);
    const manifest = {
      id: '/',
      name: s.app.name,
      short_name: s.app.shortName,
      description: s.app.description,
      lang: langTag(lang),
      dir: 'ltr',
      // The start page answers in the visitor's language (decision 018).
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: navy,
      background_color: background,
      categories: ['travel'],
      icons,
    };
    const text = `${JSON.stringify(manifest, null, 2)}\n`;
    await fs.writeFile(path.join(clientDir, `site.${lang}.webmanifest`), text);
    if (lang === defaultLang) await fs.writeFile(path.join(clientDir, 'site.webmanifest'), text);
    await fs.writeFile(
      path.join(clientDir, 'offline', `${lang}.html`),
      offlineHtml(lang, s, siteName, inlineIcon, script, navy),
    );
  }
  const manifest = await precacheList();
  await buildWorker(manifest);
  const bytes = (await fs.stat(path.join(clientDir, 'sw.js'))).size;
  console.log(`offline: sw.js ${(bytes / 1024).toFixed(1)} KB, ${manifest.length} files kept from the start`);
}

await main();
