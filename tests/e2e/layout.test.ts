import { expect, it } from 'vitest';
import { infoPageSlugs } from '../../common/pages.js';
import {
  baseUrl,
  describeE2E,
  footerReady,
  seriousViolations,
  type TestPage,
  useBrowser,
} from './setup/browser.js';

/**
 * Reloads and waits for the app to start, as `t.goto` does: the load event, not a quiet network
 * (which costs 500 ms more); what is read after that is server-rendered or as the started app has it.
 */
async function reload(t: TestPage) {
  await t.page.reload({ waitUntil: 'load' });
  await t.page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
    timeout: 15_000,
  });
}

/** The toggle of the full-screen menu: the summary of the header's disclosure that holds the menu. */
const menuToggle = (t: TestPage) => t.page.locator('header summary[aria-controls]');
/** Whether the menu is open (its disclosure's state). */
const menuOpen = (toggle: ReturnType<typeof menuToggle>) =>
  toggle.evaluate((el) => (el.parentElement as HTMLDetailsElement).open);

describeE2E('header, menu, footer and feedback', () => {
  const b = useBrowser();

  it.each(['phone', 'desktop'] as const)(
    'the menu locks scrolling while open and Escape closes it (%s)',
    async (viewport) => {
      const t = await b.page(viewport);
      await t.goto('/');
      const toggle = menuToggle(t);
      await expect.poll(() => menuOpen(toggle)).toBe(false);
      await toggle.click();
      await expect.poll(() => menuOpen(toggle)).toBe(true);
      expect(await t.page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(true);
      expect(await t.page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
      const nav = await (await fetch(`${baseUrl()}/api/directions/nav-list/`)).json();
      const menu = t.page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      if (viewport === 'phone')
        await menu
          .getByRole('button', { name: /Направления/ })
          .first()
          .click();
      await expect.poll(() => menu.getByRole('link', { name: nav[0].name }).isVisible()).toBe(true);
      await t.page.keyboard.press('Escape');
      await expect.poll(() => menuOpen(toggle)).toBe(false);
      expect(await t.page.evaluate(() => document.body.classList.contains('scroll-locked'))).toBe(false);
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(t.errors).toEqual([]);
      await t.close();
    },
  );

  it('the menu is in the server-rendered HTML: a navigation with a link to every part of the site, in the page language', async () => {
    for (const lang of ['ru', 'en'] as const) {
      const html = await (await fetch(`${baseUrl()}/attractions/list?lng=${lang}`)).text();
      const header = html.slice(html.indexOf('<header'), html.indexOf('</header>'));
      const label = lang === 'ru' ? 'Главное меню' : 'Main menu';
      expect(header, lang).toContain(`<nav aria-label="${label}">`);
      const nav = header.slice(header.indexOf(`<nav aria-label="${label}">`));
      const hrefs = [...nav.matchAll(/<a [^>]*href="([^"]+)"[^>]*>([^<]*)</g)].map(([, href, text]) => [
        href,
        text,
      ]);
      const pages = (await (
        await fetch(`${baseUrl()}/api/pages/`, { headers: { 'accept-language': lang } })
      ).json()) as { slug: string; title: string }[];
      for (const slug of infoPageSlugs) {
        const title = pages.find((p) => p.slug === slug)?.title;
        expect(hrefs, `${lang} ${slug}`).toContainEqual([`/${slug}?lng=${lang}`, title]);
      }
      const directions = (await (
        await fetch(`${baseUrl()}/api/directions/nav-list/`, { headers: { 'accept-language': lang } })
      ).json()) as { id: number; name: string }[];
      for (const d of directions)
        expect(hrefs, `${lang} ${d.name}`).toContainEqual([`/directions/detail/${d.id}?lng=${lang}`, d.name]);
      for (const path of [
        '/directions',
        '/routes/list',
        '/attractions/list',
        '/map',
        '/events/list',
        '/news/list',
      ])
        expect(hrefs.map(([href]) => href)).toContain(`${path}?lng=${lang}`);
    }
  });

  it.each(['phone', 'desktop'] as const)(
    'without JavaScript the menu opens and leads to the information pages (%s)',
    async (viewport) => {
      const t = await b.page(viewport, { javaScript: false });
      await t.goto('/?lng=ru');
      const toggle = menuToggle(t);
      const help = t.page.getByRole('link', { name: 'Помощь туристам' });
      expect(await help.isVisible()).toBe(false);
      await toggle.click();
      expect(await menuOpen(toggle)).toBe(true);
      expect(await help.isVisible()).toBe(true);
      await help.click();
      await t.page.waitForURL((url) => url.pathname === '/help-information' && url.search === '?lng=ru');
      expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe('Помощь туристам');
      await t.close();
    },
  );

  it.each(['phone', 'desktop'] as const)(
    'the open menu is reached and left from the keyboard and has no serious accessibility violations (%s)',
    async (viewport) => {
      const t = await b.page(viewport);
      await t.goto('/?lng=en');
      const toggle = menuToggle(t);
      expect(await toggle.evaluate((el) => getComputedStyle(el).display)).not.toBe('none');
      await toggle.focus();
      await t.page.keyboard.press('Enter');
      await expect.poll(() => menuOpen(toggle)).toBe(true);
      const menu = t.page.locator(`#${await toggle.getAttribute('aria-controls')}`);
      // The code of the menu's groups has come (a phone shows them as disclosure buttons).
      await expect.poll(() => menu.locator('[data-hydrated]').count()).toBe(1);
      if (viewport === 'phone') await menu.getByRole('button', { name: 'About the region' }).click();
      const help = menu.getByRole('link', { name: 'Help for travellers' });
      await expect.poll(() => help.isVisible()).toBe(true);
      expect(await seriousViolations(t.page)).toEqual([]);
      // Tab stays within the header while the menu is open, and reaches its links.
      let reached = false;
      for (let n = 0; n < 80 && !reached; n++) {
        await t.page.keyboard.press('Tab');
        reached = await help.evaluate((el) => el === document.activeElement);
        expect(await t.page.evaluate(() => !!document.activeElement?.closest('header'))).toBe(true);
      }
      expect(reached).toBe(true);
      await t.page.keyboard.press('Enter');
      await t.page.waitForURL((url) => url.pathname === '/help-information' && url.search === '?lng=en');
      await expect.poll(() => menuOpen(toggle)).toBe(false);
      expect(t.errors).toEqual([]);
      await t.close();
    },
  );

  it('while the menu is open the rest of the page is inert; closing or navigating gives it back', async () => {
    const t = await b.page('phone');
    await t.goto('/directions');
    const toggle = menuToggle(t);
    const menu = t.page.locator(`#${await toggle.getAttribute('aria-controls')}`);
    const behind = ['a.skip-link', 'main', 'footer'];
    const inert = () =>
      t.page.evaluate(
        (selectors) => selectors.map((s) => document.querySelector(s)?.hasAttribute('inert')),
        behind,
      );
    /** The landmarks a screen reader is offered: Chromium's accessibility tree, without ignored nodes. */
    const cdp = await t.context.newCDPSession(t.page);
    const landmarks = async () => {
      const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
        nodes: { ignored: boolean; role?: { value: string } }[];
      };
      const roles = nodes.filter((n) => !n.ignored).map((n) => n.role?.value);
      return ['main', 'contentinfo', 'navigation'].filter((role) => roles.includes(role));
    };
    /** Whether a link of the page behind the menu can take the focus (an inert one cannot). */
    const pageLinkFocusable = () =>
      t.page.evaluate(() => {
        const link = [...document.querySelectorAll<HTMLElement>('main a[href]')].find(
          (a) => a.getClientRects().length > 0,
        );
        link?.focus();
        return !!link && document.activeElement === link;
      });
    expect(await inert()).toEqual([false, false, false]);
    expect(await landmarks()).toEqual(['main', 'contentinfo', 'navigation']);
    expect(await pageLinkFocusable()).toBe(true);
    for (const close of ['Escape', 'toggle', 'navigation'] as const) {
      await toggle.click();
      await expect.poll(() => menuOpen(toggle)).toBe(true);
      // The disclosure opens natively; the app hears its toggle event a task later.
      await expect.poll(inert).toEqual([true, true, true]);
      expect(await pageLinkFocusable()).toBe(false);
      // The page and the footer are gone from the accessibility tree; the menu's navigation is there.
      await expect.poll(landmarks).toEqual(['navigation']);
      if (close === 'Escape') await t.page.keyboard.press('Escape');
      else if (close === 'toggle') await toggle.click();
      else {
        await menu.getByRole('link', { name: 'Готовые маршруты' }).click();
        await t.page.waitForURL((url) => url.pathname === '/routes/list' && url.search === '?lng=ru');
      }
      await expect.poll(() => menuOpen(toggle)).toBe(false);
      await expect.poll(inert).toEqual([false, false, false]);
      expect(await landmarks()).toEqual(['main', 'contentinfo', 'navigation']);
      expect(await pageLinkFocusable()).toBe(true);
    }
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the header search goes to /search?q= only for a non-empty query', async () => {
    const t = await b.page('desktop');
    await t.goto('/directions');
    const box = t.page.getByRole('searchbox').filter({ visible: true }).first();
    await box.fill('   ');
    await box.press('Enter');
    await t.page.waitForTimeout(300);
    expect(new URL(t.page.url()).pathname).toBe('/directions');
    await box.fill('Выборг');
    await box.press('Enter');
    await t.page.waitForURL(/\/search\?/);
    const url = new URL(t.page.url());
    expect([url.pathname, url.searchParams.get('q')]).toEqual(['/search', 'Выборг']);
    await t.close();
  });

  it('switches language without a reload and keeps the visitor on the same page', async () => {
    const t = await b.page('desktop');
    await t.goto('/directions/detail/5');
    const en = await (
      await fetch(`${baseUrl()}/api/directions/5/`, { headers: { 'accept-language': 'en' } })
    ).json();
    await t.page.evaluate(() => {
      (window as unknown as { marker: number }).marker = 47;
    });
    await t.page
      .getByRole('group', { name: 'Язык сайта' })
      .getByRole('link', { name: /EN|English/ })
      .click();
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await expect
      .poll(() => t.page.getByRole('heading', { level: 1 }).first().textContent())
      .toContain(en.name);
    expect(await t.page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(47);
    expect(new URL(t.page.url()).pathname).toBe('/directions/detail/5');
    const cookies = await t.context.cookies();
    expect(cookies.find((c) => c.name === 'i18next')?.value).toBe('en');
    expect(await t.page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('en');
    // A reload keeps the chosen language, rendered by the server.
    await reload(t);
    expect(await t.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await t.page.locator('body').textContent()).not.toMatch(/Главная|Направления/);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('a language switch whose strings cannot be fetched gets the page from the server in that language', async () => {
    const t = await b.page('desktop');
    await t.goto('/directions/detail/5');
    // The switch's own fetches fail; the page it then loads gets its strings.
    await t.context.route('**/locales/**', (route) =>
      route.request().frame().url().includes('lng=en') ? route.continue() : route.abort(),
    );
    await t.page
      .getByRole('group', { name: 'Язык сайта' })
      .getByRole('link', { name: /EN|English/ })
      .click();
    await t.page.waitForURL((u) => u.search === '?lng=en');
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(new URL(t.page.url()).pathname).toBe('/directions/detail/5');
    await expect
      .poll(async () => (await t.context.cookies()).find((c) => c.name === 'i18next')?.value)
      .toBe('en');
    expect(t.errors.filter((e) => !/\/locales\/|ERR_FAILED/.test(e))).toEqual([]);
    await t.close();
  });

  it.each([320, 375])(
    'at %i px the language switch is in the header: named, opened from the keyboard, inside the screen',
    async (width) => {
      const t = await b.page('phone');
      await t.page.setViewportSize({ width, height: 700 });
      await t.goto('/attractions/list');
      const header = t.page.locator('header').first();
      // Without opening the menu: a disclosure button in the header bar whose name says what it is.
      // (the other disclosure of the header, the menu's, names the panel it opens)
      const toggle = header.locator('summary:not([aria-controls])');
      expect(await toggle.isVisible()).toBe(true);
      expect(await toggle.textContent()).toBe('Язык сайта: RU');
      const box = await toggle.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      await toggle.focus();
      await t.page.keyboard.press('Enter');
      const english = header.getByRole('link', { name: /English/ });
      await expect.poll(() => english.isVisible()).toBe(true);
      const panel = await english.locator('xpath=ancestor::ul').boundingBox();
      expect(panel?.x).toBeGreaterThanOrEqual(0);
      expect((panel?.x ?? 0) + (panel?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Escape closes it and gives the focus back; then the keyboard chooses English.
      await t.page.keyboard.press('Escape');
      await expect.poll(() => english.isVisible()).toBe(false);
      expect(await toggle.evaluate((el) => el === document.activeElement)).toBe(true);
      await t.page.keyboard.press('Enter');
      await english.focus();
      await t.page.keyboard.press('Enter');
      await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('en');
      await expect.poll(() => english.isVisible()).toBe(false);
      expect(await toggle.textContent()).toBe('Site language: EN');
      expect(new URL(t.page.url()).pathname).toBe('/attractions/list');
      expect(t.errors).toEqual([]);
      await t.close();
    },
  );

  it('a first visit from an English browser is in English (Accept-Language), a choice then sticks', async () => {
    const t = await b.page('desktop', { locale: 'en-US' });
    const response = await t.page.goto(`${baseUrl()}/directions`, { waitUntil: 'load' });
    expect(response?.status()).toBe(200);
    expect(response?.headers().vary).toMatch(/Accept-Language/i);
    expect(response?.headers().vary).toMatch(/Cookie/i);
    await t.page.waitForFunction(() => document.documentElement.dataset.app === 'started');
    expect(await t.page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Districts|Directions/);
    await t.page
      .getByRole('group', { name: 'Site language' })
      .getByRole('link', { name: /RU|Русский/ })
      .click();
    await expect.poll(() => t.page.evaluate(() => document.documentElement.lang)).toBe('ru');
    await reload(t);
    expect(await t.page.evaluate(() => document.documentElement.lang)).toBe('ru');
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('the footer has the copyright line and the badge widget, and is absent on the map page', async () => {
    const t = await b.page('desktop');
    await t.goto('/');
    const footer = t.page.getByRole('contentinfo');
    expect(await footer.textContent()).toContain(`2002–${new Date().getFullYear()}`);
    // The widget's script waits until the footer comes near the screen.
    expect(await footer.getByTestId('tic-badge').getAttribute('data-status')).toBe('idle');
    await footer.scrollIntoViewIfNeeded();
    await expect
      .poll(() => footer.locator('a[href="/tourist-information-centers/list"]').count())
      .toBeGreaterThan(0);
    await t.goto('/map');
    expect(await t.page.getByRole('contentinfo').count()).toBe(0);
    await t.close();
  });

  it('a badge widget that fails to load breaks nothing', async () => {
    const t = await b.page('phone');
    await t.context.route('**/widgets/tic-badge.js', (route) => route.abort());
    expect(await t.goto('/')).toBe(200);
    const main = await (await fetch(`${baseUrl()}/api/pages/main-page/1/`)).json();
    expect(await t.page.getByRole('heading', { level: 1 }).first().textContent()).toContain(main.title);
    const badge = t.page.getByRole('contentinfo').getByTestId('tic-badge');
    await badge.evaluate((el) => el.parentElement?.scrollIntoView());
    await expect.poll(() => badge.getAttribute('data-status')).toBe('failed');
    expect(t.errors.filter((e) => !/tic-badge|ERR_FAILED/.test(e))).toEqual([]);
    await t.close();
  });

  it.each(['phone', 'desktop'] as const)(
    'the feedback dialog shows the thank-you view and hides its button (%s)',
    async (viewport) => {
      const t = await b.page(viewport);
      await t.goto('/');
      await footerReady(t.page);
      await t.page
        .getByRole('contentinfo')
        .getByRole('button', { name: /Обратная связь|Написать/ })
        .first()
        .click();
      const dialog = t.page.getByRole('dialog');
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await dialog.getByLabel('Имя').fill('Анна');
      await dialog.getByLabel('Телефон').fill('+7 900 000-00-00');
      await dialog.getByLabel(/почта|Email/i).fill('anna@example.org');
      await dialog.getByLabel('Сообщение').fill('Как добраться до Выборга?');
      await dialog.getByRole('button', { name: 'Отправить' }).click();
      await expect.poll(() => dialog.textContent()).toContain('Спасибо! Мы получили ваше сообщение.');
      expect(await dialog.getByRole('button', { name: 'Отправить' }).count()).toBe(0);
      await t.page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await t.close();
    },
  );
});
