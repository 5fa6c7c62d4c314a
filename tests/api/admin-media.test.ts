import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebBuild } from '../../server/web.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { makeStaff, StaffBrowser } from '../helpers/staff.js';

// Photos uploaded to the media library (server/modules/admin/media): what is taken, what becomes of
// it, and how an item uses it.

describe('the media library', () => {
  let t: TestApp;
  let editor: StaffBrowser;

  /** Uploads a file as the back office does: its bytes as the body. */
  const upload = (body: Buffer, type = 'image/jpeg', name = 'photo.jpg') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/media?name=${encodeURIComponent(name)}`,
      headers: {
        cookie: editor.cookie,
        'x-xsrf-token': editor.jar.get('XSRF-TOKEN') ?? '',
        'content-type': type,
      },
      payload: body,
    });

  beforeAll(async () => {
    // the pages too (the cards' pictures), and the response cache on as in production
    t = await createTestApp('pglite', { RESPONSE_CACHE_SECONDS: '60' }, undefined, await loadWebBuild());
    await makeStaff(t.database.db, 'photos@lenobl.test', 'editor');
    editor = new StaffBrowser(t.app);
    await editor.signIn('photos@lenobl.test');
  });
  afterAll(() => t?.close());

  it('takes a phone photo: upright by its EXIF orientation, with no metadata left (no GPS)', async () => {
    // 300×200 as stored by the camera, to be shown turned a quarter (orientation 6): 200×300
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#4a7' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'Phone', Model: 'Camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 42/1 0/1' },
      })
      .toBuffer();
    const before = await sharp(photo).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const r = await upload(photo, 'image/jpeg', 'IMG_0042.jpg');
    expect(r.statusCode, r.body).toBe(201);
    const stored = r.json();
    expect(stored).toMatchObject({
      width: 200,
      height: 300,
      original_name: 'IMG_0042.jpg',
      missing_alt: ['ru', 'en', 'zh'],
    });
    expect(stored.id).toMatch(/^photo\.[0-9a-f]{16}$/);
    const row = await t.database.db
      .selectFrom('media')
      .select(['data', 'content_type'])
      .where('id', '=', stored.id)
      .executeTakeFirstOrThrow();
    const after = await sharp(Buffer.from(row.data)).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([200, 300]);
    expect(Buffer.from(row.data).includes(Buffer.from('Phone'))).toBe(false);

    // served through the pictures' pipeline, like any picture of the site
    let served = await t.app.inject({ url: `/media/${stored.id}/320.webp` });
    for (let i = 0; i < 20 && served.statusCode === 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      served = await t.app.inject({ url: `/media/${stored.id}/320.webp` });
    }
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses a script named .jpg, a file over 25 MB, a decompression bomb and a type that is no picture', async () => {
    const script = await upload(Buffer.from('#!/bin/sh\necho "not a photo"\n'), 'image/jpeg', 'holiday.jpg');
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toMatch(/not a picture/);

    const huge = await upload(Buffer.alloc(30 * 1024 * 1024, 0xff), 'image/jpeg', 'huge.jpg');
    expect(huge.statusCode).toBe(413);

    // 12,000 × 12,000 pixels of one colour: a few hundred KB of PNG, 144 megapixels once decoded
    const bomb = await sharp({ create: { width: 12_000, height: 12_000, channels: 3, background: '#000' } })
      .toColourspace('b-w')
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const refused = await upload(bomb, 'image/png', 'bomb.png');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/megapixels/);

    const svg = await upload(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
      'x.svg',
    );
    expect(svg.statusCode, svg.body).toBe(415);
    const text = await upload(Buffer.from('hello'), 'text/plain', 'x.txt');
    expect(text.statusCode, text.body).toBe(415);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/media',
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from('x'),
    });
    expect([401, 403]).toContain(anonymous.statusCode);
  });

  it('a photo is used by an item once it has its alt text in three languages; the item shows it', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 4, background: '#2255aa80' } })
      .png()
      .toBuffer();
    const { id } = (await upload(png, 'image/png', 'lake.png')).json();
    const itemId = (await t.app.inject({ url: '/api/attractions/?limit=1' })).json().results[0].id as number;
    const item = (await editor.request('GET', `/api/admin/content/attractions/${itemId}`)).body;
    const save = () =>
      editor.request('PUT', `/api/admin/content/attractions/${itemId}`, {
        version: item.version,
        status: 'published',
        document: { ...item.document, images: [id, ...item.document.images] },
      });
    const refused = await save();
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/no alt text in ru, en, zh/);
    expect(refused.body.field).toBe('images');
    // as the share picture, the refusal names that field (the form shows it under it)
    const shared = await editor.request('PUT', `/api/admin/content/attractions/${itemId}`, {
      version: item.version,
      status: 'published',
      document: { ...item.document, share_image: id },
    });
    expect(shared.status).toBe(400);
    expect(shared.body).toMatchObject({ code: 'photo_alt_missing', field: 'share_image' });
    expect(shared.body.message).toMatch(/^body document\.share_image: .*no alt text in ru, en, zh/);
    const named = await editor.request('PATCH', `/api/admin/media/${id}`, {
      alt: { ru: 'Озеро на закате', en: 'A lake at sunset', zh: '日落时的湖' },
      focal_x: 0.3,
    });
    expect(named.body).toMatchObject({ missing_alt: [], focal_x: 0.3, focal_y: 0.5 });
    const saved = await save();
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const detail = (await t.app.inject({ url: `/api/attractions/${itemId}/` })).json();
    expect(JSON.stringify(detail)).toContain(`/media/${id}/`);
    // the API: the card and the page carry the photo's alt text in the answer's language and its focal point
    const inLang = (url: string, lang: string) =>
      t.app.inject({ url, headers: { 'accept-language': lang } }).then((r) => r.json());
    const ru = { alt: 'Озеро на закате', focal_x: 0.3, focal_y: 0.5 };
    const en = { ...ru, alt: 'A lake at sunset' };
    const card = (list: { results: { id: number }[] }) => list.results.find((r) => r.id === itemId);
    expect(card(await inLang('/api/attractions/?limit=1', 'ru'))).toMatchObject({ img_photo: ru });
    expect(card(await inLang('/api/attractions/?limit=1', 'en'))).toMatchObject({ img_photo: en });
    const enDetail = await inLang(`/api/attractions/${itemId}/`, 'en');
    expect(enDetail.img_photo).toEqual(en);
    expect(enDetail.image_photos[0]).toEqual(en);
    // the generated illustrations beside it have no photo facts
    expect(enDetail.image_photos.slice(1).every((p: unknown) => p === null)).toBe(true);
    expect(card(await inLang('/api/attractions/?limit=2&offset=1', 'ru'))).toBeUndefined();
    const other = (await inLang('/api/attractions/?limit=2&offset=1', 'ru')).results[0];
    expect(other).not.toHaveProperty('img_photo');
    // the pages: the card's picture has the photo's alt and is cropped around its focal point;
    // the detail page's picture and social card say what the photo shows
    const listPage = (lng: string) =>
      t.app.inject({ url: `/attractions/list?lng=${lng}` }).then((r) => r.body);
    const cardImg = (html: string) => /<img[^>]*src="\/media\/photo\.[^"]*"[^>]*>/.exec(html)?.[0] ?? '';
    expect(cardImg(await listPage('ru'))).toMatch(/alt="Озеро на закате"/);
    expect(cardImg(await listPage('ru'))).toMatch(/style="object-position:\s*30% 50%"/);
    expect(cardImg(await listPage('en'))).toMatch(/alt="A lake at sunset"/);
    const detailPage = (await t.app.inject({ url: `/attractions/detail/${itemId}?lng=en` })).body;
    expect(detailPage).toMatch(/<meta property="og:image:alt" content="A lake at sunset"/);
    expect(detailPage).toContain('"caption":"A lake at sunset"');
    expect(cardImg(detailPage)).toMatch(/alt="A lake at sunset"/);
    // a new focal point is on the pages at once, through the response cache
    await editor.request('PATCH', `/api/admin/media/${id}`, { focal_y: 0.2 });
    expect(cardImg(await listPage('ru'))).toMatch(/object-position:\s*30% 20%/);
    const library = await editor.request('GET', `/api/admin/media?q=${encodeURIComponent('закате')}`);
    expect(library.body.results.map((p: { id: string }) => p.id)).toEqual([id]);
    expect((await editor.request('DELETE', `/api/admin/media/${id}`)).status).toBe(409);
  });

  it('says where each photo shows, lists the unused and those lacking alt text, and keeps a used one from deletion', async () => {
    const png = (colour: string) =>
      sharp({ create: { width: 320, height: 240, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const alt = { ru: 'Дорога через лес', en: 'A road through a forest', zh: '穿过森林的道路' };
    const [onRoute, inDraft, unused, unnamed] = (await Promise.all(
      ['#363', '#633', '#336', '#666'].map(
        async (c, i) => (await upload(await png(c), 'image/png', `use-${i}.png`)).json().id as string,
      ),
    )) as [string, string, string, string];
    for (const id of [onRoute, inDraft, unused])
      await editor.request('PATCH', `/api/admin/media/${id}`, { alt });
    // a published route, and an event kept as a draft
    const use = async (section: string, id: string, status: string) => {
      const list = await editor.request('GET', `/api/admin/content/${section}?per_page=1`);
      const itemId = list.body.results[0].id as number;
      const item = (await editor.request('GET', `/api/admin/content/${section}/${itemId}`)).body;
      const saved = await editor.request('PUT', `/api/admin/content/${section}/${itemId}`, {
        version: item.version,
        status,
        document: { ...item.document, images: [id, ...item.document.images] },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return { itemId, title: item.document.name.ru as string };
    };
    const route = await use('routes', onRoute, 'published');
    const event = await use('events', inDraft, 'draft');
    const one = async (id: string) => (await editor.request('GET', `/api/admin/media/${id}`)).body;
    expect((await one(onRoute)).used_by).toEqual([{ kind: 'routes', id: route.itemId, title: route.title }]);
    expect((await one(inDraft)).used_by).toEqual([{ kind: 'events', id: event.itemId, title: event.title }]);
    expect((await one(unused)).used_by).toEqual([]);
    const ids = async (query: string) =>
      (await editor.request('GET', `/api/admin/media?per_page=100&${query}`)).body.results.map(
        (p: { id: string }) => p.id,
      );
    const unusedNow = await ids('unused=true');
    expect(unusedNow).toEqual(expect.arrayContaining([unused, unnamed]));
    expect(unusedNow).not.toContain(onRoute);
    expect(unusedNow).not.toContain(inDraft);
    expect(await ids('unused=false')).toEqual(expect.arrayContaining([onRoute, inDraft]));
    const lacking = await ids('missing_alt=true');
    expect(lacking).toContain(unnamed);
    expect(lacking).not.toContain(unused);
    expect(await ids('sort=original_name&order=asc&q=use-')).toEqual([onRoute, inDraft, unused, unnamed]);
    // a photo a route or a draft shows stays; an unused one goes
    for (const id of [onRoute, inDraft]) {
      const refused = await editor.request('DELETE', `/api/admin/media/${id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('photo_in_use');
    }
    expect((await editor.request('DELETE', `/api/admin/media/${unused}`)).status).toBe(200);
    expect((await editor.request('GET', `/api/admin/media/${unused}`)).status).toBe(404);
    expect((await editor.request('GET', '/api/admin/media?unused=maybe')).status).toBe(400);
  });

  it('takes a HEIC photo from a phone camera, which the image library itself cannot read', async () => {
    // 300×200 of #cc3344, HEVC-compressed, made with libheif's heif-enc from a JPEG
    const heic = Buffer.from(
      'AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAUBtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAAImlsb2MAAAAAREAAAQABAAAAAAFkAAEAAAAAAAAAcgAAACNpaW5mAAAAAAABAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAwGlwcnAAAACiaXBjbwAAAHZodmNDAQNwAAAAAAAAAAAAPPAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAPLoCQCEAAQApQgEBA3AAAAMAkAAAAwAAAwA8oAmIDJ35bqSSmubAgAAAAwCAAAADAIQiAAEAB0QBwXKwYkAAAAAUaXNwZQAAAAAAAAEsAAAAyAAAABBwaXhpAAAAAAMICAgAAAAWaXBtYQAAAAAAAAABAAEDgQKDAAAAem1kYXQAAABuKAGvCchpUUIhOXVf//tVn//5CxyH6rmJ0HMPLuNNZ4fr3Mxd0AABZAAAAwBmwKL3Mxd0AABkAADnAAvAAADUgJMAAP8ADCAAAAMAAAMAAEbA0c7tNoAAAAMAAAMAAAMAAAMAAAMAAAMAAAMAAsI=',
      'base64',
    );
    const meta = await sharp(heic).metadata();
    expect([meta.format, meta.compression]).toEqual(['heif', 'hevc']);
    await expect(sharp(heic).jpeg().toBuffer()).rejects.toThrow(/HEVC/);

    const r = await upload(heic, 'image/heic', 'IMG_0043.HEIC');
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ width: 300, height: 200, original_name: 'IMG_0043.HEIC' });
    const row = await t.database.db
      .selectFrom('media')
      .select(['data', 'content_type'])
      .where('id', '=', r.json().id)
      .executeTakeFirstOrThrow();
    expect(row.content_type).toBe('image/jpeg');
    const { dominant } = await sharp(Buffer.from(row.data)).stats();
    expect(
      Math.abs(dominant.r - 0xcc) + Math.abs(dominant.g - 0x33) + Math.abs(dominant.b - 0x44),
    ).toBeLessThan(40);

    // a file that says HEIC but is cut short is refused, and says so
    const cut = await upload(heic.subarray(0, 300), 'image/heic', 'IMG_0044.HEIC');
    expect(cut.statusCode, cut.body).toBe(400);
  });
});
