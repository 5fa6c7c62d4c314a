import { expect, it } from 'vitest';
import { baseUrl, describeE2E, useBrowser } from './setup/browser.js';

const api = async (path: string, lang = 'ru') =>
  (await fetch(`${baseUrl()}${path}`, { headers: { 'accept-language': lang } })).json();

describeE2E('directions pages', () => {
  const b = useBrowser();

  it('desktop: district tabs select the card, arrow keys move, the URL keeps the choice', async () => {
    const t = await b.page('desktop');
    await t.goto('/directions');
    const directions = await api('/api/directions/');
    const tabs = t.page.getByRole('tablist', { name: 'Районы области' }).getByRole('tab');
    expect(await tabs.count()).toBe(18);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    const panel = t.page.getByRole('tabpanel').first();
    expect(await panel.textContent()).toContain(directions[0].name);
    await tabs.nth(4).click();
    await expect.poll(() => panel.textContent()).toContain(directions[4].name);
    expect(new URL(t.page.url()).searchParams.get('district')).toBe('5');
    await tabs.nth(4).press('ArrowRight');
    await expect.poll(() => tabs.nth(5).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => panel.textContent()).toContain(directions[5].name);
    await t.page.reload({ waitUntil: 'networkidle' });
    expect(await t.page.getByRole('tabpanel').first().textContent()).toContain(directions[5].name);
    // The footer content block (news, events, partners) is there on desktop.
    const footer = await api('/api/footer-content/');
    expect(await t.page.locator('main').textContent()).toContain(footer.news[0].name);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('phone: a dropdown with the placeholder "Выберите район" replaces the tabs', async () => {
    const t = await b.page('phone');
    await t.goto('/directions');
    const directions = await api('/api/directions/');
    expect(await t.page.getByRole('tablist', { name: 'Районы области' }).isVisible()).toBe(false);
    const select = t.page.getByRole('combobox').filter({ visible: true }).first();
    expect(await select.locator('option').first().textContent()).toBe('Выберите район');
    await select.selectOption('7');
    await expect.poll(() => t.page.locator('main').textContent()).toContain(directions[6].annotation);
    expect(await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent)).toBe(
      directions[6].name,
    );
    const footer = await api('/api/footer-content/');
    expect(await t.page.getByText(footer.news[0].name).first().isVisible()).toBe(false);
    // A choice applies at once: the form's submit button stays in it, out of sight.
    const submit = t.page.locator('form', { has: select }).locator('button[type="submit"]');
    expect(await submit.count()).toBe(1);
    expect(await submit.isVisible()).toBe(false);
    await t.close();
  });

  it.each([
    ['with', true],
    ['without', false],
  ] as const)(
    'phone %s JavaScript: the dropdown names the district the card shows, not its placeholder',
    async (_, javaScript) => {
      const directions = await api('/api/directions/');
      const t = await b.page('phone', { javaScript });
      const shown = async () => {
        const select = t.page.getByRole('combobox').filter({ visible: true }).first();
        return {
          value: await select.inputValue(),
          label: await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent),
          heading: await t.page
            .getByRole('tabpanel')
            .getByRole('heading', { level: 2 })
            .first()
            .textContent(),
        };
      };
      // No choice in the URL: the first district is shown, and the dropdown says which.
      await t.goto('/directions');
      expect(await shown()).toEqual({
        value: String(directions[0].id),
        label: directions[0].name,
        heading: directions[0].name,
      });
      await t.goto(`/directions?district=${directions[4].id}`);
      expect(await shown()).toEqual({
        value: String(directions[4].id),
        label: directions[4].name,
        heading: directions[4].name,
      });
      await t.close();
    },
  );

  it('phone without JavaScript: the dropdown has a visible submit button that shows the district', async () => {
    const t = await b.page('phone', { javaScript: false });
    await t.goto('/directions');
    const directions = await api('/api/directions/');
    const select = t.page.getByRole('combobox').filter({ visible: true }).first();
    await select.selectOption('7');
    await t.page.getByRole('button', { name: 'Показать' }).click();
    await t.page.waitForURL(/district=7/);
    expect(await t.page.locator('main').textContent()).toContain(directions[6].annotation);
    await t.close();
  });

  it('a direction lists its routes, attractions, events, places to stay and leisure in five tabs', async () => {
    const t = await b.page('desktop');
    const direction = await api('/api/directions/5/');
    await t.goto('/directions/detail/5');
    expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toContain(direction.name);
    const tabs = t.page.getByRole('tablist', { name: 'Разделы района' }).getByRole('tab');
    expect(await tabs.count()).toBe(5);
    expect((await tabs.allTextContents()).map((s) => s.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringContaining('Маршруты'),
      expect.stringContaining('Достопримечательности'),
      expect.stringContaining('События'),
      expect.stringContaining('Где остановиться'),
      expect.stringContaining('Досуг и развлечения'),
    ]);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    const routes = await api(`/api/routes/?limit=100&district__in=${direction.districtid}`);
    const panel = t.page.getByRole('tabpanel');
    for (const r of routes.results.slice(0, 3)) expect(await panel.textContent()).toContain(r.name);
    await tabs.first().focus();
    await t.page.keyboard.press('ArrowRight');
    await expect.poll(() => tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    const attractions = await api(`/api/attractions/?limit=100&district__in=${direction.districtid}`);
    await expect.poll(() => panel.textContent()).toContain(attractions.results[0].name);
    // Only this district's attractions are listed.
    const links = await panel
      .locator('a[href^="/attractions/detail/"]')
      .evaluateAll((as) => as.map((a) => Number(/\/(\d+)\?lng=ru$/.exec(a.getAttribute('href') ?? '')?.[1])));
    const ids = new Set(attractions.results.map((a: { id: number }) => a.id));
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((id) => ids.has(id))).toBe(true);
    const back = t.page.getByRole('link', { name: 'Все районы' });
    expect(await back.getAttribute('href')).toMatch(/^\/directions/);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it.each(['desktop', 'phone'] as const)(
    'the district picture keeps the shape of a photo beside a long description (%s)',
    async (viewport) => {
      const t = await b.page(viewport);
      for (const path of ['/directions', '/directions/detail/5']) {
        await t.goto(path);
        const image = t.page.locator('main article img').first();
        const box = await image.boundingBox();
        const text = await t.page.locator('main article').first().boundingBox();
        if (!box || !text) throw new Error(`no district picture on ${path}`);
        // 16:10 pictures, shown between 4:3 and 2:1, never a tall strip of sky.
        expect(box.width / box.height, path).toBeGreaterThanOrEqual(1.3);
        expect(box.width / box.height, path).toBeLessThanOrEqual(2);
        expect(box.height, path).toBeLessThan(text.height);
        expect(await image.evaluate((img) => getComputedStyle(img).objectFit)).toBe('cover');
      }
      await t.close();
    },
  );

  it('an unknown direction is the 404 page', async () => {
    const t = await b.page('phone');
    expect(await t.goto('/directions/detail/999')).toBe(404);
    expect(await t.page.getByRole('heading', { level: 1 }).textContent()).toBe('Страница не найдена');
    expect(await t.page.getByRole('link', { name: 'На главную' }).count()).toBeGreaterThan(0);
    await t.close();
  });
});
