/// <reference lib="dom" />
// Panning the map page with many points: frames per second while dragging and the longest task
// (the delay a visitor can feel) when the markers are redrawn.
//   npx tsx bench/map-points.ts 50000 /tmp/points.json     (writes the answer with 50,000 places)
//   npx tsx bench/map-pan.ts http://127.0.0.1:3000 /tmp/points.json
// The page is served by a running portal; its /api/map/points/ answer is replaced by the file, if
// one is given (without one: the portal's own points, e.g. over the factor-1 or factor-10 database).
import fs from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { chromiumFlags, chromiumPath } from './lib/pages.js';

const [base = 'http://127.0.0.1:3000', file] = process.argv.slice(2);
const body = file ? await fs.readFile(file) : null;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
for (const viewport of [
  { width: 1440, height: 900 },
  { width: 375, height: 812 },
]) {
  const context = await browser.newContext({ viewport });
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (r) => r.abort());
  if (body) {
    await context.route('**/api/map/points/**', (r) =>
      r.fulfill({ body, contentType: 'application/json; charset=utf-8' }),
    );
  }
  const page = await context.newPage();
  const started = Date.now();
  await page.goto(`${base}/map?at=59.9,30.9,9`, { waitUntil: 'load' });
  await page.locator('.leaflet-marker-pane [data-count], .leaflet-marker-pane [data-key]').first().waitFor();
  const ready = Date.now() - started;
  const points = await page.evaluate(
    () =>
      document.querySelectorAll('.leaflet-marker-pane [data-count], .leaflet-marker-pane [data-key]').length,
  );
  // A string, not a function: tsx would wrap named functions in a helper the page does not have.
  await page.evaluate(`
    window.frames_ = 0;
    window.tasks = [];
    (function count() { window.frames_ += 1; requestAnimationFrame(count); })();
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.tasks.push(e.duration); })
      .observe({ type: 'longtask', buffered: false });
  `);
  const box = (await page.locator('.leaflet-container').boundingBox()) as {
    x: number;
    y: number;
    width: number;
    height: number;
  };
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const t0 = Date.now();
  for (let pass = 0; pass < 6; pass++) {
    await page.mouse.move(cx, cy);
    await page.mouse.down();
    const dx = pass % 2 ? -1 : 1;
    for (let i = 1; i <= 30; i++) await page.mouse.move(cx + dx * i * 8, cy + dx * i * 4);
    await page.mouse.up();
    await page.waitForTimeout(150);
  }
  // zoom in and out twice with the wheel
  for (const delta of [-300, -300, 300, 300]) {
    await page.mouse.wheel(0, delta);
    await page.waitForTimeout(400);
  }
  const seconds = (Date.now() - t0) / 1000;
  const result = (await page.evaluate('({ frames: window.frames_, tasks: window.tasks })')) as {
    frames: number;
    tasks: number[];
  };
  console.log(
    `${viewport.width}px: first markers ${ready} ms after navigation (${points} markers/clusters); ` +
      `panning and zooming ${seconds.toFixed(1)} s: ${(result.frames / seconds).toFixed(0)} fps, ` +
      `${result.tasks.length} long tasks, longest ${Math.max(0, ...result.tasks).toFixed(0)} ms`,
  );
  await context.close();
}
await browser.close();
