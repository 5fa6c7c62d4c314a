import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { textToDoc } from '../../common/rich-text.js';
import { RichDocDefinition } from '../../common/rich-text-schema.js';
import { databaseKinds, useTestApp } from '../helpers/app.js';
import { get } from '../helpers/http.js';

describe.each(databaseKinds)('content API on %s', (kind) => {
  const ctx = useTestApp(kind);
  const app = () => ctx.t.app;

  it('reports health with the database kind', async () => {
    const r = await get(app(), '/api/health');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'ok', database: kind });
  });

  it('serves the main page with its contacts, previews and the original field name buttom_link', async () => {
    const r = await get(app(), '/api/pages/main-page/1/');
    expect(r.status).toBe(200);
    expect(r.body.title).toBe(ctx.c.pages.main.title.ru);
    expect(r.body.buttom_link).toBe(ctx.c.pages.main.button_link);
    expect(r.body.button_label).toBe(ctx.c.pages.main.button_label.ru);
    expect(r.body.email).toBe(ctx.c.pages.main.email);
    expect(r.body.popular_objects).toHaveLength(6);
    for (const p of r.body.popular_objects) expect(p.rating_category).toMatch(/^\d\.\d$/);
    const ratings = r.body.popular_objects.map((p: { rating_category: string }) => Number(p.rating_category));
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(r.body.routes).toHaveLength(6);
    expect((await get(app(), '/api/pages/main-page/2/')).status).toBe(404);
  });

  it('lists the 18 directions, the menu list and a direction with its districtid', async () => {
    const list = await get(app(), '/api/directions/');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(18);
    expect(list.body[0]).toMatchObject({ id: 1, districtid: 1, district: ctx.c.districts[0]?.name.ru });
    expect(list.body[0].description.length).toBeGreaterThan(200);
    const nav = await get(app(), '/api/directions/nav-list/', { 'accept-language': 'en' });
    expect(nav.body).toHaveLength(18);
    expect(Object.keys(nav.body[0]).sort()).toEqual(['id', 'name']);
    expect(nav.body[4].name).toBe(ctx.c.directions[4]?.name.en);
    const one = await get(app(), '/api/directions/5/');
    expect(one.body).toMatchObject({ id: 5, districtid: 5, name: ctx.c.directions[4]?.name.ru });
    expect(one.body.img).toMatch(/^\/media\/[a-z-]+\.[a-z0-9-]+\/640\.jpg$/);
    expect((await get(app(), '/api/directions/999/')).status).toBe(404);
  });

  it('serves the footer content: latest news, coming events with start_end_date, partners', async () => {
    const r = await get(app(), '/api/footer-content/');
    expect(r.status).toBe(200);
    const dates = r.body.news.map((n: { date: string }) => n.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(r.body.news.length).toBeGreaterThan(0);
    for (const e of r.body.events)
      expect(e.start_end_date).toMatch(/^\d\d\.\d\d\.\d{4}( - \d\d\.\d\d\.\d{4})?$/);
    expect(r.body.partners).toHaveLength(ctx.c.partners.length);
    expect(r.body.partners[0]).toMatchObject({ id: 1, link: ctx.c.partners[0]?.link });
  });

  it('serves the directories as {id, name, label} in the requested language', async () => {
    const districts = await get(app(), '/api/directory/district/', { 'accept-language': 'zh' });
    expect(districts.body).toHaveLength(18);
    expect(districts.body[0]).toMatchObject({
      id: 1,
      name: ctx.c.districts[0]?.name.zh,
      label: ctx.c.districts[0]?.name.zh,
    });
    const cities = await get(app(), '/api/directory/city/');
    expect(cities.body).toHaveLength(ctx.c.cities.length);
    expect(cities.body[0].district).toBeGreaterThan(0);
    for (const kind of [
      'route-type',
      'vehicle',
      'object-type',
      'entertainment-type',
      'institution-type',
      'kitchen-type',
    ]) {
      const r = await get(app(), `/api/directory/${kind}/`);
      expect(r.status, kind).toBe(200);
      expect(r.body.length, kind).toBeGreaterThan(0);
      expect(Object.keys(r.body[0]).sort()).toEqual(['id', 'label', 'name']);
    }
    expect((await get(app(), '/api/directory/unknown/')).status).toBe(404);
  });

  it('serves the types of tourism with icons, and one with its counts', async () => {
    const r = await get(app(), '/api/tourism-type/');
    expect(r.body).toHaveLength(ctx.c.tourismTypes.length);
    expect(r.body[0].icon).toMatch(/^\/icons\/tourism\/[a-z]+\.svg$/);
    const icon = await app().inject({ url: r.body[0].icon });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toContain('image/svg+xml');
    const one = await get(app(), '/api/tourism-type/1/');
    expect(one.body.counts.attractions).toBeGreaterThan(0);
    expect(one.body.description.length).toBeGreaterThan(100);
  });

  it('serves the information pages, each one’s body a rich text', async () => {
    const list = await get(app(), '/api/pages/');
    expect(list.body.map((p: { slug: string }) => p.slug).sort()).toEqual([
      'cross-border-cooperation',
      'fishery-and-crafts',
      'help-information',
      'indigenous-page',
      'information',
      'nature-page',
      'route47',
    ]);
    const page = await get(app(), '/api/pages/route47/', { 'accept-language': 'en' });
    expect(page.status).toBe(200);
    expect(page.body.title).toBe(ctx.c.pages.pages.find((p) => p.slug === 'route47')?.title.en);
    // its blocks as stored, read as a document (decision 052): a block for a node, in English
    const demo = ctx.c.pages.pages.find((p) => p.slug === 'route47');
    const doc = page.body.body_doc;
    expect(Value.Check(RichDocDefinition, doc)).toBe(true);
    expect(doc.content.map((n: { type: string }) => n.type)).toEqual(
      demo?.blocks.map((b) =>
        'h' in b ? 'heading' : 'p' in b ? 'paragraph' : 'img' in b ? 'image' : 'bulletList',
      ),
    );
    const firstHeading = demo?.blocks.find((b) => 'h' in b);
    expect(page.body.body).toContain(`## ${firstHeading && 'h' in firstHeading ? firstHeading.h.en : '?'}`);
    expect(textToDoc(page.body.body)).toEqual(doc);
    expect((await get(app(), '/api/pages/nope/')).status).toBe(404);
  });

  it('says whether the newsletter is offered', async () => {
    expect((await get(app(), '/api/auth/subscribe/toggle/')).body).toEqual({ status: true });
  });
});
