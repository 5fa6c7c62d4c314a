import fs from 'node:fs';

/**
 * The browser the tests drive (CHROMIUM_PATH overrides), or null when there is none: Debian's
 * Chromium headless shell where it is installed, else Debian's Chromium. The shell is the same
 * Chromium without the desktop browser around it: the same e2e files took about a third less of
 * the browser's CPU with it, on a machine where the browser is most of the tests' CPU. The
 * benchmarks measure what visitors run, the whole browser (bench/lib/pages.ts).
 */
export function chromiumPath(): string | null {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  return candidates.find((p): p is string => !!p && fs.existsSync(p)) ?? null;
}

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];
