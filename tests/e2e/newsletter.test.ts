import { expect, it } from 'vitest';
import {
  describeE2E,
  footerReady,
  seriousViolations,
  type TestPage,
  useBrowser,
  type ViewportName,
} from './setup/browser.js';
import { mailTo, uniqueEmail, waitForMail } from './setup/outbox.js';

// The newsletter modal of the news list: it opens by itself until the visitor subscribes or declines,
// and the choice is kept in localStorage.

const key = 'newsletter-subscribed';
const text = {
  ru: {
    path: '/news/list',
    title: 'Новости Ленинградской области',
    email: 'Электронная почта',
    subscribe: 'Подписаться',
    decline: 'Нет, спасибо',
    open: 'Подписаться на новости',
    close: 'Закрыть',
    done: 'Почти готово! Мы отправили письмо на',
    invalid: 'Сервер не принял этот адрес',
    network: 'Не удалось связаться с сервером',
    rateLimited: 'Попробуйте ещё раз через 2 мин.',
  },
  en: {
    path: '/news/list?lng=en',
    title: 'Leningrad Region news',
    email: 'Email',
    subscribe: 'Subscribe',
    decline: 'No, thanks',
    open: 'Subscribe to the news',
    close: 'Close',
    done: 'Almost done! We have sent a mail to',
    invalid: 'The server did not accept this address',
    network: 'Could not reach the server',
    rateLimited: 'Please try again in 2 min.',
  },
} as const;
type Lang = keyof typeof text;
const cases: [Lang, ViewportName][] = [
  ['ru', 'phone'],
  ['en', 'desktop'],
];

const dialogOf = (t: TestPage, lang: Lang) => t.page.getByRole('dialog', { name: text[lang].title });
const stored = (t: TestPage) => t.page.evaluate((k) => localStorage.getItem(k), key);

/** Opens the news list as a fresh visitor and waits for the modal to open by itself. */
async function freshVisit(t: TestPage, lang: Lang) {
  expect(await t.goto(text[lang].path)).toBe(200);
  const dialog = dialogOf(t, lang);
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

/** Reloads and waits for the app to start (the load event, not a quiet network: 500 ms more). */
async function reload(t: TestPage) {
  await t.page.reload({ waitUntil: 'load' });
  await t.page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
    timeout: 15_000,
  });
}

/** Two animation frames: what a state update made in an effect needs to reach the page. */
const twoFrames = (t: TestPage) =>
  t.page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

/** Reloads and checks the modal stays closed, then that the news-list button reopens it. */
async function notShownAgainButReopens(t: TestPage, lang: Lang) {
  await reload(t);
  // The modal opens by itself in the effect that runs when the offer (its button) is first shown,
  // before the app counts as started: past the button and two frames, it would be open by now.
  const button = t.page.getByRole('button', { name: text[lang].open });
  await button.waitFor();
  await twoFrames(t);
  const dialog = dialogOf(t, lang);
  expect(await dialog.isVisible()).toBe(false);
  await button.click();
  await expect.poll(() => dialog.isVisible()).toBe(true);
  expect(await dialog.getByLabel(text[lang].email).inputValue()).toBe('');
  await dialog.getByRole('button', { name: text[lang].close }).click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  // Focus goes back to the button that opened the modal.
  expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);
}

describeE2E('newsletter modal', () => {
  const b = useBrowser();

  it.each(cases)(
    'opens by itself for a fresh visitor; subscribing stores the choice and closes it (%s, %s)',
    async (lang, viewport) => {
      const t = await b.page(viewport);
      // A page clock the test can move on: it runs at its own pace, and the confirmation's 4 s are
      // skipped below rather than waited out.
      await t.page.clock.install();
      const dialog = await freshVisit(t, lang);
      expect(await stored(t)).toBeNull();
      const field = dialog.getByLabel(text[lang].email);
      expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      const email = uniqueEmail(`modal-${lang}`);
      await field.fill(email);
      await dialog.getByRole('button', { name: text[lang].subscribe, exact: true }).click();
      // A short confirmation, then the modal closes by itself.
      await expect.poll(() => dialog.getByRole('status').textContent()).toContain(text[lang].done);
      expect(await dialog.getByRole('status').textContent()).toContain(email);
      expect(await stored(t)).toBe('subscribed');
      // Within 8 s of the page's time (moved on at once rather than waited for).
      await t.page.clock.fastForward(8000);
      await expect.poll(() => dialog.isVisible()).toBe(false);
      // The server got it: the mail with the confirmation and unsubscribe links is in the outbox.
      const mail = await waitForMail(mailTo(email));
      expect(mail.text).toMatch(/\/unsubscribe\?token=/);
      await notShownAgainButReopens(t, lang);
      expect(t.errors).toEqual([]);
      await t.close();
    },
  );

  it.each(cases)('"No, thanks" stores the refusal and closes the modal (%s, %s)', async (lang, viewport) => {
    const t = await b.page(viewport);
    const dialog = await freshVisit(t, lang);
    await dialog.getByRole('button', { name: text[lang].decline }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await stored(t)).toBe('declined');
    await notShownAgainButReopens(t, lang);
    expect(t.errors).toEqual([]);
    await t.close();
  });

  it('Escape closes the modal without a choice, so it is offered again on the next visit', async () => {
    const t = await b.page('desktop');
    const dialog = await freshVisit(t, 'ru');
    await t.page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await stored(t)).toBeNull();
    // The load event, not a quiet network (500 ms more): the poll waits for the app to open it.
    await t.page.reload({ waitUntil: 'load' });
    await expect.poll(() => dialogOf(t, 'ru').isVisible()).toBe(true);
    await t.close();
  });

  it('keeps focus inside while open, and passes axe', async () => {
    const t = await b.page('phone');
    const dialog = await freshVisit(t, 'ru');
    for (let i = 0; i < 6; i++) {
      await t.page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await t.page.keyboard.press('Shift+Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    expect(await seriousViolations(t.page)).toEqual([]);
    await t.close();
  });

  it.each(cases)(
    'a failed subscription is explained in the modal and keeps what was typed (%s, %s)',
    async (lang, viewport) => {
      const t = await b.page(viewport);
      const dialog = await freshVisit(t, lang);
      const field = dialog.getByLabel(text[lang].email);
      const subscribe = dialog.getByRole('button', { name: text[lang].subscribe, exact: true });
      const alert = dialog.getByRole('alert');

      // The server refuses the address (400): the client itself validates nothing.
      await field.fill('not-an-address');
      await subscribe.click();
      await expect.poll(() => alert.textContent()).toContain(text[lang].invalid);
      expect(await field.inputValue()).toBe('not-an-address');
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await dialog.isVisible()).toBe(true);
      expect(await stored(t)).toBeNull();
      if (viewport === 'desktop') expect(await seriousViolations(t.page)).toEqual([]);

      // No answer at all.
      const email = uniqueEmail(`fail-${lang}`);
      await field.fill(email);
      await t.context.route('**/api/auth/subscribe/', (route) => route.abort('internetdisconnected'));
      await subscribe.click();
      await expect.poll(() => alert.textContent()).toContain(text[lang].network);
      expect(await field.inputValue()).toBe(email);

      // Rate-limited, with Retry-After.
      await t.context.unroute('**/api/auth/subscribe/');
      await t.context.route('**/api/auth/subscribe/', (route) =>
        route.fulfill({
          status: 429,
          headers: { 'retry-after': '120' },
          contentType: 'application/json',
          body: JSON.stringify({ statusCode: 429, error: 'Too Many Requests', message: 'slow down' }),
        }),
      );
      await subscribe.click();
      await expect.poll(() => alert.textContent()).toContain(text[lang].rateLimited);
      expect(await field.inputValue()).toBe(email);
      expect(await stored(t)).toBeNull();

      // Once the server answers again, the same address goes through.
      await t.context.unroute('**/api/auth/subscribe/');
      await subscribe.click();
      await expect.poll(() => dialog.getByRole('status').textContent()).toContain(text[lang].done);
      expect(await stored(t)).toBe('subscribed');
      await waitForMail(mailTo(email));
      expect(t.errors.filter((e) => !/subscribe|Failed to load resource/.test(e))).toEqual([]);
      await t.close();
    },
  );

  it('without the subscription toggle there is neither a button nor the modal', async () => {
    const t = await b.page('desktop');
    await t.context.route('**/api/auth/subscribe/toggle/', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"status":false}' }),
    );
    // The toggle is fetched by the browser on a client-side navigation to the news list.
    await t.goto('/');
    await footerReady(t.page);
    const toggle = t.page.waitForResponse((r) => r.url().endsWith('/api/auth/subscribe/toggle/'));
    await t.page.getByRole('contentinfo').locator('a[href="/news/list?lng=ru"]').first().click();
    await t.page.waitForURL(/\/news\/list/);
    // The toggle's answer, the news list shown, then two frames for the answer to be rendered
    // (rather than a quiet network and a pause).
    await toggle;
    await expect.poll(() => t.page.getByRole('heading', { level: 1 }).textContent()).toContain('Новости');
    await twoFrames(t);
    expect(await t.page.getByRole('button', { name: text.ru.open }).count()).toBe(0);
    expect(await dialogOf(t, 'ru').isVisible()).toBe(false);
    await t.close();
  });
});
