import { expect, it } from 'vitest';
import {
  baseUrl,
  describeE2E,
  seriousViolations,
  type TestPage,
  useBrowser,
  type ViewportName,
} from './setup/browser.js';
import { mailTo, postJson, subscribeByApi, uniqueEmail, waitForMail } from './setup/outbox.js';

// The visitor writes (issue 5): the feedback dialog end to end, and the /unsubscribe page.

const text = {
  ru: {
    query: '',
    footerFeedback: 'Обратная связь',
    name: 'Имя',
    phone: 'Телефон',
    email: 'Электронная почта',
    message: 'Сообщение',
    send: 'Отправить',
    thanks: 'Спасибо! Мы получили ваше сообщение.',
    title: 'Отписка от рассылки',
    working: 'Отписываем вас от рассылки…',
    done: 'Вы отписались',
    used: 'Вы уже отписаны',
    unknown: 'Ссылка не найдена',
    missing: 'В ссылке нет кода отписки',
    offline: 'Не удалось связаться с сервером',
    retry: 'Попробовать ещё раз',
  },
  en: {
    query: 'lng=en',
    footerFeedback: 'Feedback',
    name: 'Name',
    phone: 'Phone',
    email: 'Email',
    message: 'Message',
    send: 'Send',
    thanks: 'Thank you! We have received your message.',
    title: 'Unsubscribe from the newsletter',
    working: 'Unsubscribing you from the newsletter…',
    done: 'You have unsubscribed',
    used: 'You are already unsubscribed',
    unknown: 'Link not found',
    missing: 'The link has no unsubscribe code',
    offline: 'Could not reach the server',
    retry: 'Try again',
  },
} as const;
type Lang = keyof typeof text;
const cases: [Lang, ViewportName][] = [
  ['ru', 'phone'],
  ['en', 'desktop'],
];

/** /unsubscribe with a token (or none) in a language. */
function unsubscribePath(lang: Lang, token?: string): string {
  const params = new URLSearchParams(text[lang].query);
  if (token !== undefined) params.set('token', token);
  const query = params.toString();
  return `/unsubscribe${query ? `?${query}` : ''}`;
}

const heading = (t: TestPage) => t.page.getByRole('heading', { level: 1 });
const headingText = async (t: TestPage) => (await heading(t).textContent())?.trim();

async function openFeedback(t: TestPage, lang: Lang) {
  await t.page
    .getByRole('contentinfo')
    .getByRole('button', { name: text[lang].footerFeedback })
    .first()
    .click();
  const dialog = t.page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

describeE2E('feedback dialog, end to end', () => {
  const b = useBrowser();

  it.each(cases)(
    'a message sent from the dialog reaches the staff mailbox (%s, %s)',
    async (lang, viewport) => {
      const t = await b.page(viewport);
      await t.goto(`/directions${text[lang].query ? `?${text[lang].query}` : ''}`);
      const dialog = await openFeedback(t, lang);
      const marker = `e2e-${lang}-${Date.now().toString(36)}`;
      const message =
        lang === 'ru'
          ? `Как добраться до Выборга зимой? ${marker}`
          : `How do I get to Vyborg in winter? ${marker}`;
      await dialog.getByLabel(text[lang].name, { exact: true }).fill(lang === 'ru' ? 'Анна' : 'Anna');
      await dialog.getByLabel(text[lang].phone).fill('+7 900 000-00-00');
      await dialog.getByLabel(text[lang].email, { exact: true }).fill('anna@example.org');
      await dialog.getByLabel(text[lang].message).fill(message);
      const sent = t.page.waitForResponse((r) => r.url().endsWith('/api/auth/feedback/'));
      await dialog.getByRole('button', { name: text[lang].send }).click();
      expect((await sent).status()).toBe(201);
      await expect.poll(() => dialog.textContent()).toContain(text[lang].thanks);
      expect(await dialog.getByRole('button', { name: text[lang].send }).count()).toBe(0);
      // The message is stored and mailed to FEEDBACK_TO with what the visitor typed and where from.
      const mail = await waitForMail((m) => mailTo('staff@example.org')(m) && m.text.includes(marker));
      expect(mail.text).toContain(message);
      expect(mail.text).toContain(lang === 'ru' ? 'Анна' : 'Anna');
      expect(mail.text).toContain('anna@example.org');
      expect(mail.text).toContain(`Язык: ${lang}`);
      expect(mail.text).toContain('/directions');
      await t.page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      expect(t.errors).toEqual([]);
      await t.close();
    },
  );

  it.each(cases)('shows the same thank-you view when the server fails (%s, %s)', async (lang, viewport) => {
    const t = await b.page(viewport);
    await t.goto(`/${text[lang].query ? `?${text[lang].query}` : ''}`);
    await t.context.route('**/api/auth/feedback/', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"error":"Internal Server Error","message":"boom"}',
      }),
    );
    const dialog = await openFeedback(t, lang);
    await dialog.getByLabel(text[lang].message).fill('lost on purpose');
    await dialog.getByRole('button', { name: text[lang].send }).click();
    await expect.poll(() => dialog.textContent()).toContain(text[lang].thanks);
    expect(await dialog.getByRole('button', { name: text[lang].send }).count()).toBe(0);
    await t.close();
  });
});

describeE2E('/unsubscribe', () => {
  const b = useBrowser();

  it.each(cases)(
    'a real link unsubscribes and says so; the same link again says it was used (%s, %s)',
    async (lang, viewport) => {
      const email = uniqueEmail(`unsub-${lang}`);
      const token = await subscribeByApi(email, lang);
      // The server renders the "working" state and POSTs nothing itself; not for search engines.
      const html = await (await fetch(`${baseUrl()}${unsubscribePath(lang, token)}`)).text();
      expect(html).toContain('data-state="working"');
      expect(html).toContain(text[lang].working);
      expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
      expect(html).toContain(`<title>${text[lang].title}`);
      // The personal token stays out of the canonical and Open Graph links.
      expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]).toMatch(/\/unsubscribe\?lng=(ru|en)$/);
      expect(/<meta property="og:url" content="([^"]*)"/.exec(html)?.[1]).not.toContain('token');

      const t = await b.page(viewport);
      await t.goto(unsubscribePath(lang, token));
      await expect.poll(() => headingText(t)).toBe(text[lang].done);
      const [local, domain] = email.split('@') as [string, string];
      const body = await t.page.locator('[data-state="done"]').textContent();
      expect(body).toContain(`${local[0]}***${local[local.length - 1]}@${domain}`);
      expect(body).not.toContain(email);
      expect(await t.page.title()).toContain(text[lang].title);
      expect(await seriousViolations(t.page)).toEqual([]);
      expect(t.errors).toEqual([]);

      // The link is used now: opening it again says so.
      await t.page.reload({ waitUntil: 'networkidle' });
      await expect.poll(() => headingText(t)).toBe(text[lang].used);
      await t.close();

      // The server agrees: the address is unsubscribed (410 for the used link).
      const again = await postJson('/api/auth/unsubscribe/', { token });
      expect(again.status).toBe(410);
    },
  );

  it.each(cases)(
    'an unknown link and a link without a token get a clear message (%s, %s)',
    async (lang, viewport) => {
      const t = await b.page(viewport);
      await t.goto(unsubscribePath(lang, 'no-such-token-0123456789'));
      await expect.poll(() => headingText(t)).toBe(text[lang].unknown);
      expect(await seriousViolations(t.page)).toEqual([]);
      await t.goto(unsubscribePath(lang));
      await expect.poll(() => headingText(t)).toBe(text[lang].missing);
      // Both offer a way on.
      expect(await t.page.locator('main a[href="/news/list"]').count()).toBe(1);
      await t.close();
    },
  );

  it.each(cases)(
    'a server that cannot be reached gets a retry button that works (%s, %s)',
    async (lang, viewport) => {
      const token = await subscribeByApi(uniqueEmail(`retry-${lang}`), lang);
      const t = await b.page(viewport);
      await t.context.route('**/api/auth/unsubscribe/', (route) => route.abort('internetdisconnected'));
      await t.goto(unsubscribePath(lang, token));
      await expect.poll(() => headingText(t)).toBe(text[lang].offline);
      await t.context.unroute('**/api/auth/unsubscribe/');
      await t.page.getByRole('button', { name: text[lang].retry }).click();
      await expect.poll(() => headingText(t)).toBe(text[lang].done);
      await t.close();
    },
  );
});
