import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { directoryKinds } from '../../common/editorial.js';
import { baseUrl, describeE2E } from './setup/browser.js';
import { type OwnPortal, startOwnPortal, stopOwnPortal } from './setup/own-portal.js';

// The demo content (content/: its files, its schema, its loader) fills an empty database and nothing
// else: a portal whose content the staff keep runs without it. Here the production build runs from a
// copy of what a server needs (package.json, the server's build, the migrations, the UI strings, the icons),
// without content/ and without its build (dist/content), and serves the pages, the generated
// pictures (the same bytes as the portal that has the folder), the tourism icons and the directories.

const root = path.resolve(import.meta.dirname, '../..');

/** A project folder without content/: the server's build and what it reads at run time. */
function projectWithoutContent(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-no-content-'));
  const parts = ['package.json', 'dist/server', 'dist/common', 'locales'];
  // The files the server reads from the project at run time: the migrations and the tourism icons.
  parts.push('server/db/migrations', 'server/modules/media/icons');
  for (const part of parts) {
    fs.cpSync(path.join(root, part), path.join(dir, part), { recursive: true });
  }
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

const bytes = async (url: string) => {
  const r = await fetch(url);
  expect(r.status, url).toBe(200);
  return { type: r.headers.get('content-type'), body: Buffer.from(await r.arrayBuffer()) };
};

describeE2E('the portal without the demo content folder', () => {
  let project: string;
  let portal: OwnPortal;

  beforeAll(async () => {
    project = projectWithoutContent();
    portal = await startOwnPortal('no-content-e2e-', {
      projectDir: project,
      // The public pages' build, as it is: it holds nothing of content/.
      env: { WEB_BUILD_DIR: path.join(root, 'dist/web') },
    });
  });

  afterAll(async () => {
    if (portal) await stopOwnPortal(portal);
    if (project) fs.rmSync(project, { recursive: true, force: true });
  });

  it('runs from a folder without content/', () => {
    expect(fs.existsSync(path.join(project, 'content'))).toBe(false);
    expect(fs.existsSync(path.join(project, 'dist/content'))).toBe(false);
  });

  it('serves the pages', async () => {
    const list = (await (await fetch(`${portal.base}/api/attractions/?limit=1`)).json()) as {
      results: { id: number; name: string }[];
    };
    const item = list.results[0] as { id: number; name: string };
    for (const page of ['/?lng=en', '/attractions/list', `/attractions/detail/${item.id}`, '/information']) {
      const r = await fetch(`${portal.base}${page}`);
      expect(r.status, page).toBe(200);
      expect(r.headers.get('content-type'), page).toMatch(/^text\/html/);
      const html = await r.text();
      expect(html, page).toContain('</html>');
      if (page.includes('/detail/')) expect(html).toContain(item.name);
    }
  });

  it('draws the generated pictures, the same bytes as the portal with the folder', async () => {
    const list = (await (await fetch(`${portal.base}/api/attractions/?limit=3`)).json()) as {
      results: { img: string }[];
    };
    // An item's picture, and a picture of the pages themselves (a tourism type's background).
    const pictures = [...list.results.map((r) => r.img), '/media/lake.tourism-type-bg-0/480.webp'];
    for (const picture of pictures) {
      expect(picture).toMatch(/^\/media\/[a-z-]+\.[a-z0-9-]+\/\d+\.(jpg|webp)$/);
      const here = await bytes(`${portal.base}${picture}`);
      const there = await bytes(`${baseUrl()}${picture}`);
      expect(here.type, picture).toMatch(/^image\//);
      expect((await sharp(here.body).metadata()).width, picture).toBe(Number(/\/(\d+)\./.exec(picture)?.[1]));
      expect(here.body.equals(there.body), picture).toBe(true);
    }
  });

  it('serves the tourism icons', async () => {
    const types = (await (await fetch(`${portal.base}/api/tourism-type/`)).json()) as { icon: string }[];
    expect(types.length).toBeGreaterThan(0);
    for (const { icon } of types) {
      const svg = await bytes(`${portal.base}${icon}`);
      expect(svg.type, icon).toMatch(/^image\/svg\+xml/);
      expect(svg.body.toString(), icon).toContain('<svg');
    }
  });

  it('lists every directory', async () => {
    for (const kind of ['district', 'city', ...directoryKinds]) {
      const r = await fetch(`${portal.base}/api/directory/${kind}/`);
      expect(r.status, kind).toBe(200);
      expect(((await r.json()) as unknown[]).length, kind).toBeGreaterThan(0);
    }
  });

  // Creating a database and applying every migration takes a minute and more on a loaded 2-core
  // machine: as long as startOwnPortal waits for the portal to answer, and then some.
  it('starts on an empty database, without content, and says so', { timeout: 180_000 }, async () => {
    const empty = await startOwnPortal('no-content-empty-e2e-', {
      projectDir: project,
      empty: true,
      env: { WEB_BUILD_DIR: path.join(root, 'dist/web'), LOG_LEVEL: 'info' },
    });
    try {
      expect(empty.output()).toContain('there is no demo content');
      const r = await fetch(`${empty.base}/api/directory/district/`);
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual([]);
    } finally {
      await stopOwnPortal(empty);
    }
  });
});
