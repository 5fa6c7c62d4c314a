import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  baseUrl,
  describeE2E,
  footerReady,
  seriousViolations,
  type TestPage,
  useBrowser,
  type ViewportName,
} from './setup/browser.js';
import { mailTo, postJson, subscribeByApi, uniqueEmail, waitForMail } from './setup/outbox.js';

// What a visitor sends: the feedback dialog end to end, and the /unsubscribe page.

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
    messageRequired: 'Напишите сообщение.',
    emailInvalid: 'Проверьте адрес электронной почты: например, name@mail.ru. Поле можно оставить пустым.',
    rateLimited: 'Слишком много сообщений подряд. Попробуйте ещё раз через 1 мин.',
    unavailable: 'Сервер временно недоступен, сообщение не отправлено. Попробуйте ещё раз через 10 секунд.',
    serverFault: 'На сервере что-то пошло не так, сообщение не отправлено. Попробуйте ещё раз чуть позже.',
    title: 'Отписка от рассылки',
    confirm: 'Отписаться от рассылки?',
    confirmButton: 'Отписаться',
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
    messageRequired: 'Please write your message.',
    emailInvalid: 'Check the email address, for example name@example.com. You may also leave it empty.',
    rateLimited: 'Too many messages in a row. Please try again in 1 min.',
    unavailable:
      'The server is unavailable for a moment; the message was not sent. Please try again in 10 seconds.',
    serverFault:
      'Something went wrong on the server; the message was not sent. Please try again a little later.',
    title: 'Unsubscribe from the newsletter',
    confirm: 'Unsubscribe from the newsletter?',
    confirmButton: 'Unsubscribe',
    done: 'You have unsubscribed',
    used: 'You are already unsubscribed',
    unknown: 'Link not found',
    missing: 'The link has no unsubscribe code',
    offline: 'Could not reach the server',
    retry: 'Try again',
  },
  zh: {
    query: 'lng=zh',
    footerFeedback: '意见反馈',
    name: '姓名',
    phone: '电话',
    email: '电子邮箱',
    message: '留言',
    send: '发送',
    thanks: '谢谢！我们已收到您的留言。',
    messageRequired: '请填写留言内容。',
    emailInvalid: '请检查电子邮箱地址，例如 name@example.com。此项也可以留空。',
    rateLimited: '留言发送过于频繁。请在 1 分钟后再试。',
    unavailable: '服务器暂时不可用，留言未发送。请在 10 秒后再试。',
    serverFault: '服务器出现问题，留言未发送。请稍后再试。',
    title: '取消订阅新闻邮件',
    confirm: '取消订阅新闻邮件？',
    confirmButton: '取消订阅',
    done: '您已取消订阅',
    used: '您已经取消订阅',
    unknown: '未找到链接',
    missing: '链接中没有取消订阅代码',
    offline: '无法连接到服务器',
    retry: '重试',
  },
} as const;
type Lang = keyof typeof text;
const cases: [Lang, ViewportName][] = [
  ['ru', 'phone'],
  ['en', 'desktop'],
];
/** The visitor's mistakes and the server's refusals, in every language of the portal. */
const everyLanguage: [Lang, ViewportName][] = [...cases, ['zh', 'phone']];

/** /unsubscribe with a token (or none) in a language. */
function unsubscribePath(lang: Lang, token?: string): string {
  const params = new URLSearchParams(text[lang].query);
  if (token !== undefined) params.set('token', token);
  const query = params.toString();
  return `/unsubscribe${query ? `?${query}` : ''}`;
}

/**
 * Reloads and waits for the app to start, as `t.goto` does: the load event, not a quiet network
 * (which costs 500 ms more), and the app's start before its buttons are pressed.
 */
async function reload(t: TestPage) {
  await t.page.reload({ waitUntil: 'load' });
  await t.page.waitForFunction(() => document.documentElement.dataset.app === 'started', null, {
    timeout: 15_000,
  });
}

const heading = (t: TestPage) => t.page.getByRole('heading', { level: 1 });
const headingText = async (t: TestPage) => (await heading(t).textContent())?.trim();
const withQuery = (path: string, lang: Lang) => `${path}${text[lang].query ? `?${text[lang].query}` : ''}`;

async function openFeedback(t: TestPage, lang: Lang) {
  await footerReady(t.page);
  await t.page
    .getByRole('contentinfo')
    .getByRole('button', { name: text[lang].footerFeedback })
    .first()
    .click();
  const dialog = t.page.getByRole('dialog');
  await expect.poll(() => dialog.isVisible()).toBe(true);
  return dialog;
}

/** The error a field announces: aria-invalid, and the text of what its aria-describedby points at. */
async function fieldError(field: Locator): Promise<string | null> {
  // A short wait: a field that is gone (the form gave way to the thank-you view) fails at once.
  if ((await field.getAttribute('aria-invalid', { timeout: 2000 })) !== 'true') return null;
  const ids =
    (await field.getAttribute('aria-describedby', { timeout: 2000 }))?.split(/\s+/).filter(Boolean) ?? [];
  const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).textContent()));
  return texts.join(' ').trim();
}

/** Answers the next feedback POSTs with a made-up status (and Retry-After). */
async function failFeedback(t: TestPage, status: number, retryAfter?: number) {
  await t.context.unroute('**/api/auth/feedback/');
  await t.context.route('**/api/auth/feedback/', (route) =>
    route.fulfill({
      status,
      contentType: 'application/json',
      headers: retryAfter ? { 'retry-after': String(retryAfter) } : {},
      body: JSON.stringify({ statusCode: status, error: 'Error', message: 'made up by the test' }),
    }),
  );
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

  it.each(everyLanguage)(
    'an empty form or an address the server refuses shows the error at its field, keeps the text and thanks only once it is stored (%s, %s)',
    async (lang, viewport) => {
      const t = await b.page(viewport);
      await t.goto(withQuery('/routes/list', lang));
      const dialog = await openFeedback(t, lang);
      const l = text[lang];
      const name = dialog.getByLabel(l.name, { exact: true });
      const email = dialog.getByLabel(l.email, { exact: true });
      const message = dialog.getByLabel(l.message, { exact: true });
      const posts: number[] = [];
      t.page.on('response', (r) => {
        if (r.url().endsWith('/api/auth/feedback/')) posts.push(r.status());
      });

      // Nothing typed: the message is asked for, at the message field, and nothing is thanked.
      await dialog.getByRole('button', { name: l.send }).click();
      await expect.poll(() => fieldError(message)).toBe(l.messageRequired);
      expect(await fieldError(email)).toBeNull();
      expect(await dialog.textContent()).not.toContain(l.thanks);
      await expect.poll(() => t.page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');

      // An address the server refuses (400): its error at the email field, everything typed kept.
      const marker = `e2e-invalid-${lang}-${Date.now().toString(36)}`;
      await name.fill(lang === 'zh' ? '王芳' : 'Anna');
      await email.fill('anna@example');
      await message.fill(`How long is the walk around Staraya Ladoga? ${marker}`);
      expect(await fieldError(message)).toBeNull();
      const refused = t.page.waitForResponse((r) => r.url().endsWith('/api/auth/feedback/'));
      await dialog.getByRole('button', { name: l.send }).click();
      expect((await refused).status()).toBe(400);
      await expect.poll(() => fieldError(email)).toBe(l.emailInvalid);
      expect(await fieldError(message)).toBeNull();
      expect(await dialog.textContent()).not.toContain(l.thanks);
      expect(await name.inputValue()).toBe(lang === 'zh' ? '王芳' : 'Anna');
      expect(await email.inputValue()).toBe('anna@example');
      expect(await message.inputValue()).toContain(marker);
      await expect
        .poll(() => t.page.evaluate(() => document.activeElement?.getAttribute('type')))
        .toBe('email');
      expect(await seriousViolations(t.page)).toEqual([]);

      // Corrected: stored, then thanked.
      await email.fill('anna@example.org');
      const stored = t.page.waitForResponse((r) => r.url().endsWith('/api/auth/feedback/'));
      await dialog.getByRole('button', { name: l.send }).click();
      expect((await stored).status()).toBe(201);
      await expect.poll(() => dialog.textContent()).toContain(l.thanks);
      expect(posts).toEqual([400, 201]);
      await waitForMail((m) => mailTo('staff@example.org')(m) && m.text.includes(marker));
      await t.close();
    },
  );

  it.each(everyLanguage)(
    'a rate limit (429), a database outage (503) or a server fault (500) is explained in the dialog and the text is kept (%s, %s)',
    async (lang, viewport) => {
      const t = await b.page(viewport);
      await t.goto(withQuery('/', lang));
      const dialog = await openFeedback(t, lang);
      const l = text[lang];
      const message = dialog.getByLabel(l.message, { exact: true });
      const alert = dialog.getByRole('alert').filter({ hasText: /\S/ });
      await message.fill('Are the fortress walls of Ivangorod open in winter?');

      for (const [status, retryAfter, expected] of [
        [429, 60, l.rateLimited],
        [503, 10, l.unavailable],
        [500, undefined, l.serverFault],
      ] as const) {
        await failFeedback(t, status, retryAfter);
        await dialog.getByRole('button', { name: l.send }).click();
        await expect.poll(() => alert.textContent(), { message: String(status) }).toBe(expected);
        expect(await dialog.textContent()).not.toContain(l.thanks);
        expect(await message.inputValue()).toBe('Are the fortress walls of Ivangorod open in winter?');
        expect(await fieldError(message)).toBeNull();
      }

      // The server is back: the same text goes through, and now the dialog thanks.
      await t.context.unroute('**/api/auth/feedback/');
      const stored = t.page.waitForResponse((r) => r.url().endsWith('/api/auth/feedback/'));
      await dialog.getByRole('button', { name: l.send }).click();
      expect((await stored).status()).toBe(201);
      await expect.poll(() => dialog.textContent()).toContain(l.thanks);
      expect(await dialog.getByRole('button', { name: l.send }).count()).toBe(0);
      await t.close();
    },
  );
});

describeE2E('/unsubscribe', () => {
  const b = useBrowser();
  const confirmButton = (t: TestPage, lang: Lang) =>
    t.page.getByRole('main').getByRole('button', { name: text[lang].confirmButton, exact: true });

  it.each(everyLanguage)(
    'opening the link changes nothing: the page asks, its button unsubscribes, and the link then says it was used (%s, %s)',
    async (lang, viewport) => {
      const email = uniqueEmail(`unsub-${lang}`);
      const token = await subscribeByApi(email, lang);
      // What a mail scanner gets: the confirmation, server-rendered; not for search engines.
      for (let i = 0; i < 2; i++) {
        const html = await (await fetch(`${baseUrl()}${unsubscribePath(lang, token)}`)).text();
        expect(html).toContain('data-state="confirm"');
        expect(html).toContain(text[lang].confirm);
        expect(html).toMatch(/<meta name="robots" content="noindex[^"]*"/);
        expect(html).toContain(`<title>${text[lang].title}`);
        // The personal token stays out of the canonical and Open Graph links (the address's
        // language, when it has one, stays in: the Russian address has none).
        expect(/<link rel="canonical" href="([^"]*)"/.exec(html)?.[1]).toMatch(
          lang === 'ru' ? /\/unsubscribe$/ : /\/unsubscribe\?lng=(en|zh)$/,
        );
        expect(/<meta property="og:url" content="([^"]*)"/.exec(html)?.[1]).not.toContain('token');
      }

      // What a browser (or a scanner that runs scripts) does on opening it: asks, and writes nothing.
      const t = await b.page(viewport);
      const writes: string[] = [];
      t.page.on('request', (r) => {
        if (r.method() !== 'GET' && r.method() !== 'HEAD') writes.push(`${r.method()} ${r.url()}`);
      });
      await t.goto(unsubscribePath(lang, token));
      await expect.poll(() => headingText(t)).toBe(text[lang].confirm);
      expect(await t.page.locator('[data-state="confirm"]').count()).toBe(1);
      expect(await seriousViolations(t.page)).toEqual([]);
      await t.page.waitForTimeout(500);
      expect(writes).toEqual([]);

      // The button unsubscribes: the address was still subscribed (done, not "already used").
      await confirmButton(t, lang).click();
      await expect.poll(() => headingText(t)).toBe(text[lang].done);
      expect(writes).toHaveLength(1);
      const [local, domain] = email.split('@') as [string, string];
      const body = await t.page.locator('[data-state="done"]').textContent();
      expect(body).toContain(`${local[0]}***${local[local.length - 1]}@${domain}`);
      expect(body).not.toContain(email);
      expect(await t.page.title()).toContain(text[lang].title);
      expect(await seriousViolations(t.page)).toEqual([]);
      expect(t.errors).toEqual([]);

      // The link is used now: confirming again says so.
      await reload(t);
      await expect.poll(() => headingText(t)).toBe(text[lang].confirm);
      await confirmButton(t, lang).click();
      await expect.poll(() => headingText(t)).toBe(text[lang].used);
      await t.close();

      // The server agrees: the address is unsubscribed (410 for the used link).
      const again = await postJson('/api/auth/unsubscribe/', { token });
      expect(again.status).toBe(410);
    },
  );

  it('the mail offers one-click unsubscription (RFC 8058): a POST to its List-Unsubscribe URL, without cookies, unsubscribes', async () => {
    const email = uniqueEmail('one-click');
    await subscribeByApi(email, 'en');
    const mail = await waitForMail(mailTo(email));
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const link = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1] as string;
    expect(link).toMatch(/\/unsubscribe\?token=/);
    // Opening the link is not unsubscribing.
    expect((await fetch(link)).status).toBe(200);
    // What a mail client sends: the one key/value pair, form-encoded, nothing else.
    const oneClick = () =>
      fetch(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    expect(await first.json()).toMatchObject({ status: 'unsubscribed' });
    const second = await oneClick();
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ status: 'already-unsubscribed' });
    // The page of the same link agrees.
    const t = await b.page('desktop');
    await t.goto(`${new URL(link).pathname}${new URL(link).search}`);
    await confirmButton(t, 'en').click();
    await expect.poll(() => headingText(t)).toBe(text.en.used);
    await t.close();
  });

  it.each(cases)(
    'an unknown link and a link without a token get a clear message (%s, %s)',
    async (lang, viewport) => {
      const t = await b.page(viewport);
      await t.goto(unsubscribePath(lang, 'no-such-token-0123456789'));
      await confirmButton(t, lang).click();
      await expect.poll(() => headingText(t)).toBe(text[lang].unknown);
      expect(await seriousViolations(t.page)).toEqual([]);
      await t.goto(unsubscribePath(lang));
      await expect.poll(() => headingText(t)).toBe(text[lang].missing);
      expect(await confirmButton(t, lang).count()).toBe(0);
      // Both offer a way on.
      expect(await t.page.locator(`main a[href="/news/list?lng=${lang}"]`).count()).toBe(1);
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
      await confirmButton(t, lang).click();
      await expect.poll(() => headingText(t)).toBe(text[lang].offline);
      await t.context.unroute('**/api/auth/unsubscribe/');
      await t.page.getByRole('button', { name: text[lang].retry }).click();
      await expect.poll(() => headingText(t)).toBe(text[lang].done);
      await t.close();
    },
  );
});

describeE2E('/subscribe/confirm', () => {
  const b = useBrowser();
  const words = {
    ru: {
      ask: 'Подтвердить подписку?',
      button: 'Подтвердить',
      done: 'Подписка подтверждена',
      used: 'Подписка уже подтверждена',
    },
    en: {
      ask: 'Confirm the subscription?',
      button: 'Confirm',
      done: 'Subscription confirmed',
      used: 'Already confirmed',
    },
  } as const;

  it.each([
    ['ru', 'phone'],
    ['en', 'desktop'],
  ] as const)(
    'the link of the first mail asks, its button confirms the address, and the link then says so (%s, %s)',
    async (lang, viewport) => {
      const email = uniqueEmail(`confirm-${lang}`);
      const token = await subscribeByApi(email, lang);
      const mail = await waitForMail(mailTo(email));
      const path = `/subscribe/confirm?token=${token}${lang === 'ru' ? '' : `&lng=${lang}`}`;
      expect(mail.text).toContain(path);
      const t = await b.page(viewport);
      const writes: string[] = [];
      t.page.on('request', (r) => {
        if (r.method() === 'POST') writes.push(r.url());
      });
      await t.goto(path);
      await expect.poll(() => headingText(t)).toBe(words[lang].ask);
      // Nothing written on opening, checked after axe's second or so rather than after a pause.
      expect(await seriousViolations(t.page)).toEqual([]);
      expect(writes).toEqual([]);
      await t.page.getByRole('main').getByRole('button', { name: words[lang].button, exact: true }).click();
      await expect.poll(() => headingText(t)).toBe(words[lang].done);
      await reload(t);
      await t.page.getByRole('main').getByRole('button', { name: words[lang].button, exact: true }).click();
      await expect.poll(() => headingText(t)).toBe(words[lang].used);
      expect(t.errors).toEqual([]);
      await t.close();
    },
  );
});
