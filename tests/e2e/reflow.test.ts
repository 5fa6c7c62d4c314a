import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { infoPageSlugs } from '../../common/pages.js';
import { detailPagePath, detailSections, listApiPath, sections } from '../../common/sections.js';
import { baseUrl, describeE2E, footerReady, type TestPage, useBrowser } from './setup/browser.js';

// Reflow (WCAG 1.4.10): at 320 CSS px every page of the site is used without scrolling sideways.
// Every kind of page is opened at 320 px with a trip plan filled in this browser (the header shows
// its count, /trip its places), and with what opens over a page: the menu with its groups
// unfolded, the language menu, the filter sheet, the calendars, the feedback and newsletter
// dialogs. Nothing may make the page wider than the screen or stick out of it, and the header's
// controls (the longest word at 320 px is the site's name) must not run into each other.

const width = 320;
const wait = { timeout: 15_000 };

/**
 * What does not fit a screen `width` wide: the page's own width when it is wider, and every
 * visible element that reaches past the screen's edges, unless an ancestor clips or scrolls it
 * (a carousel's track scrolls inside its box, which is on the screen).
 */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate((screen) => {
    const found: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > screen) found.push(`the page is ${pageWidth} px wide`);
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    const insideScroller = (el: Element) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if ((box.right > screen + 1 || box.left < -1) && !insideScroller(el)) {
        // the innermost ones only: their ancestors are there because of them
        const child = [...el.children].some((c) => {
          const r = c.getBoundingClientRect();
          return r.width > 0 && (r.right > screen + 1 || r.left < -1);
        });
        if (!child) found.push(`${describe(el)} spans ${Math.round(box.left)}–${Math.round(box.right)} px`);
      }
    }
    // The header's bar: each control's content inside its own box, and no two of them overlapping.
    const bar = document.querySelector('header .container');
    let before: Element | null = null;
    for (const el of bar?.children ?? []) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || getComputedStyle(el).position === 'absolute') continue;
      if (el.scrollWidth > el.clientWidth + 1)
        found.push(`header: ${describe(el)} is ${el.scrollWidth} px wide in a box of ${el.clientWidth}`);
      if (before && before.getBoundingClientRect().right > box.left + 0.5)
        found.push(`header: ${describe(before)} runs into ${describe(el)}`);
      before = el;
    }
    return found;
  }, width);
}

/**
 * An open calendar (react-day-picker) shows its seven columns without scrolling, and its month's
 * name is not under its arrows.
 */
async function calendarFits(page: Page): Promise<string[]> {
  return page.locator('.rdp-root').evaluateAll((roots) =>
    roots.flatMap((root) => {
      const found: string[] = [];
      const scroller = root.parentElement as HTMLElement;
      if (scroller.scrollWidth > scroller.clientWidth + 1)
        found.push(`the calendar is ${scroller.scrollWidth} px wide in a box of ${scroller.clientWidth}`);
      const caption = root.querySelector('.rdp-caption_label')?.getBoundingClientRect();
      const nav = root.querySelector('.rdp-nav')?.getBoundingClientRect();
      if (caption && nav && caption.right > nav.left + 0.5)
        found.push(`the month's name (${caption.left}–${caption.right}) is under its arrows (${nav.left}–)`);
      const box = scroller.getBoundingClientRect();
      for (const day of root.querySelectorAll('thead th, td')) {
        const r = day.getBoundingClientRect();
        if (r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1))
          found.push(`a column of the calendar (${day.textContent}) is cut`);
      }
      return found;
    }),
  );
}

/** Nothing sticks out at 320 px, nor out of an open calendar; the label says which page and state. */
async function expectFits(t: TestPage, what: string) {
  expect([...(await overflows(t.page)), ...(await calendarFits(t.page))], what).toEqual([]);
}

/** The first item of each section with detail pages (their ids come from the API). */
async function firstItems(): Promise<string[]> {
  const paths: string[] = [];
  for (const slug of detailSections) {
    const answer = (await (await fetch(`${baseUrl()}${listApiPath(slug)}?limit=1`)).json()) as
      | { results: { id: number }[] }
      | { id: number }[];
    const first = Array.isArray(answer) ? answer[0] : answer.results[0];
    if (first) paths.push(detailPagePath(slug, first.id));
  }
  return paths;
}

/** A plan of places, a route and an event in two days and the unplanned group. */
async function plan() {
  const keyOf = async (section: string) => {
    const answer = (await (await fetch(`${baseUrl()}/api/${section}/?limit=2`)).json()) as {
      results: { id: number }[];
    };
    return answer.results.map((r) => ({ key: `${section}.${r.id}` }));
  };
  const [attractions, routes, events, residence, caterings] = await Promise.all(
    ['attractions', 'routes', 'events', 'residence', 'caterings'].map(keyOf),
  );
  return {
    unplanned: [...(attractions ?? []), ...(residence ?? [])],
    days: [
      [...(routes ?? []).slice(0, 1), { ...caterings?.[0], note: 'Взять воду, дождевик и наличные' }],
      [...(events ?? []).slice(0, 1), ...(caterings ?? []).slice(1)],
    ],
  };
}

describeE2E('every page at 320 px', () => {
  const b = useBrowser();

  /** A phone 320 px wide whose browser holds a trip plan. */
  async function phone(locale?: string): Promise<TestPage> {
    const t = await b.page('phone', locale ? { locale } : {});
    await t.page.setViewportSize({ width, height: 640 });
    const filled = await plan();
    await t.context.addInitScript((p) => {
      if (!localStorage.getItem('portal-trip-v1')) localStorage.setItem('portal-trip-v1', JSON.stringify(p));
    }, filled);
    return t;
  }

  it('the home page, the directions, a district and its tabs, the map, the search, the information pages', async () => {
    const t = await phone();
    const paths = [
      '/',
      '/directions',
      '/directions/detail/5',
      '/directions/detail/5?tab=2',
      '/directions/detail/5?tab=3',
      '/map',
      '/search/замок',
      '/search',
      ...infoPageSlugs.map((slug) => `/${slug}`),
      '/no-such-page',
    ];
    for (const path of paths) {
      await t.goto(path);
      await expectFits(t, path);
    }
    // the map's search field is wide enough to say what it is for, in each language
    for (const lng of ['ru', 'en', 'zh']) {
      await t.goto(`/map?lng=${lng}`);
      const room = await t.page.getByRole('combobox').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        context.font = style.font;
        const inner = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return {
          placeholder: input.placeholder,
          spare: inner - context.measureText(input.placeholder).width,
        };
      });
      expect(room.placeholder, lng).not.toBe('');
      expect(room.spare, `${lng}: ${room.placeholder}`).toBeGreaterThanOrEqual(0);
    }
    await t.close();
  }, 240_000);

  it('every list and its filter sheet, every kind of detail page', async () => {
    const t = await phone();
    for (const s of sections) {
      const path = `/${s.slug}/list`;
      await t.goto(path);
      await expectFits(t, path);
      const filters = t.page.getByRole('button', { name: /^Фильтры/ });
      if (await filters.count()) {
        await filters.click();
        await t.page.getByRole('dialog', { name: 'Фильтры' }).waitFor(wait);
        await expectFits(t, `${path}, the filter sheet`);
      }
    }
    for (const path of await firstItems()) {
      await t.goto(path);
      await expectFits(t, path);
    }
    await t.close();
  }, 240_000);

  it('the menu, the language menu, the feedback and newsletter dialogs', async () => {
    const t = await phone();
    await t.goto('/attractions/detail/1');
    const toggle = t.page.locator('header summary[aria-controls]');
    await toggle.click();
    const menu = t.page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    await menu.locator('button[aria-expanded]').first().waitFor(wait);
    const groups = menu.locator('button[aria-expanded]');
    for (let n = 0; n < (await groups.count()); n++) {
      const group = groups.nth(n);
      if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
      await expect.poll(() => group.getAttribute('aria-expanded'), wait).toBe('true');
      await expectFits(t, `the menu, its group "${await group.textContent()}" open`);
    }
    await t.page.keyboard.press('Escape');

    await t.page.locator('header summary:not([aria-controls])').click();
    await t.page.getByRole('link', { name: /English/ }).waitFor(wait);
    await expectFits(t, 'the language menu');
    await t.page.keyboard.press('Escape');

    await footerReady(t.page);
    await t.page
      .getByRole('contentinfo')
      .getByRole('button', { name: /Обратная связь/ })
      .first()
      .click();
    const feedback = t.page.getByRole('dialog');
    await feedback.waitFor(wait);
    await expectFits(t, 'the feedback dialog');
    await t.page.keyboard.press('Escape');

    await t.goto('/news/list');
    const newsletter = t.page.getByTestId('newsletter-dialog');
    // It opens by itself on a first visit to the news; otherwise its button opens it.
    if (!(await newsletter.isVisible()))
      await t.page.getByRole('button', { name: 'Подписаться на новости' }).click();
    await expect.poll(() => newsletter.isVisible(), wait).toBe(true);
    await expectFits(t, 'the newsletter dialog');
    await t.close();
  }, 120_000);

  it('the dates: the events sheet, a district events tab and the map with their calendars open', async () => {
    const t = await phone();
    await t.goto('/events/list');
    await t.page.getByRole('button', { name: /^Фильтры/ }).click();
    const sheet = t.page.getByRole('dialog', { name: 'Фильтры' });
    await sheet.locator('[data-date-field="date_to"] [data-open-calendar]').click();
    await sheet.getByRole('grid').waitFor(wait);
    await expectFits(t, 'the events sheet, a calendar open');

    await t.goto('/directions/detail/5?tab=3');
    await t.page.locator('[data-date-field="date_from"] [data-open-calendar]').click();
    await t.page.getByRole('grid').waitFor(wait);
    await expectFits(t, "a district's events, a calendar open");

    await t.goto('/map');
    await t.page.getByRole('button', { name: /^Список/ }).click();
    await t.page.locator('summary', { hasText: 'Даты событий' }).click();
    await t.page.locator('[data-date-field="date_from"] [data-open-calendar]').click();
    await t.page.getByRole('grid').waitFor(wait);
    await expectFits(t, 'the map, a calendar open');
    await t.close();
  }, 120_000);

  for (const locale of ['ru-RU', 'en-GB', 'zh-CN']) {
    it(`the trip with its plan, its calendar open and shared (${locale})`, async () => {
      const t = await phone(locale);
      await t.goto('/trip');
      await t.page.locator('[data-trip-item] h3 a').first().waitFor(wait);
      await expectFits(t, '/trip');
      await t.page.locator('[data-trip-start] [data-open-calendar]').click();
      await t.page.locator('[data-trip-start]').getByRole('grid').waitFor(wait);
      await expectFits(t, '/trip, its calendar open');
      const link = new URL(await t.page.locator('[data-share-url]').inputValue());
      await t.goto(`/trip${link.search}`);
      await t.page.locator('[data-trip-item] h3 a').first().waitFor(wait);
      await expectFits(t, 'a shared plan');
      await t.close();
    }, 120_000);
  }
});
