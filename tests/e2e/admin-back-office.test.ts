import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeE2E, seriousViolations, useBrowser, type ViewportName, viewports } from './setup/browser.js';
import { parseEml } from './setup/outbox.js';

// The back office in Chromium (web/admin, served at /admin): the first admin through the setup link
// the portal prints, signing out and in, an invitation completed from the mailed link, a guesser
// slowed down while the owner's own browser still signs in, the second factor set up from its QR
// code page (with its recovery codes) and then asked at sign-in, a recovery code in its place, and
// axe on the sign-in page and the accounts list. Its own portal: a database with no staff account (the setup link exists only
// then), and TRUST_PROXY so that each browser comes from its own address (X-Forwarded-For): the
// sign-in limit of 10 per address and minute would otherwise mix the people up.
// ADMIN_SCREENSHOTS=<folder> keeps screenshots of the sign-in page (also slowed down, and with a
// recovery code), the recovery codes and the accounts list, at 1440 and 375 px.

const root = path.resolve(import.meta.dirname, '../..');
const password = 'Ладожский маяк 1910 года';
const editorPassword = 'Старая Ладога, 753 год';
const adminEmail = 'first.admin@example.org';
const editorEmail = 'new.editor@example.org';
const shots = process.env.ADMIN_SCREENSHOTS;

const ru = {
  heading: /Здравствуйте/,
  signIn: 'Войти',
  email: 'Электронная почта',
  // MUI's required mark (an aria-hidden " *") is part of the label's text for getByLabel.
  password: /^Пароль/,
  wrong: /следующие попытки ждут всё дольше/,
  slowedDown: /вход в неё замедлен: попробуйте снова через \d+ с/,
};

interface Portal {
  child: ChildProcess;
  base: string;
  dataDir: string;
  setupLink: string;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The built portal on an empty database: it prints the first admin's setup link as it starts. */
async function startPortal(): Promise<Portal> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-e2e-'));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
      WEB_BUILD_DIR: '',
      SEED_ON_START: 'false',
      MEDIA_PRERENDER: 'false',
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited:\n${output}`);
    const link = /(http:\/\/\S+\/admin\/link\?token=[A-Za-z0-9_%-]+)/.exec(output)?.[1];
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (link && up) return { child, base, dataDir, setupLink: link };
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`no setup link or no answer within 90 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The one-time link of the last mail to `to` in the portal's outbox. */
async function mailedLink(portal: Portal, to: string): Promise<string> {
  const dir = path.join(portal.dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .map((f) => parseEml(f, fs.readFileSync(path.join(dir, f), 'utf8')))
          .filter((m) => (m.headers.to ?? '').includes(to))
      : [];
    const link = /(http:\/\/\S+\/admin\/link\?token=[A-Za-z0-9_%-]+)/.exec(mails.at(-1)?.text ?? '')?.[1];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no link mailed to ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describeE2E('the back office (/admin)', () => {
  const b = useBrowser();
  let portal: Portal;
  const contexts: BrowserContext[] = [];
  let admin: Page;
  let addressSeq = 0;
  const errors: string[] = [];
  /** The admin's second factor, once it is set up, and its recovery codes. */
  let secret = '';
  let recoveryCodes: string[] = [];

  /** A fresh browser (no cookies) coming from an address of its own. */
  async function browser(viewport: ViewportName = 'desktop'): Promise<Page> {
    const context = await b.browser.newContext({
      viewport: viewports[viewport],
      locale: 'ru-RU',
      serviceWorkers: 'block',
      isMobile: viewport === 'phone',
      hasTouch: viewport === 'phone',
      extraHTTPHeaders: { 'x-forwarded-for': `10.99.0.${++addressSeq}` },
    });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    return page;
  }

  const open = async (page: Page, url: string) => {
    await page.goto(url.startsWith('http') ? url : `${portal.base}${url}`, { waitUntil: 'load' });
  };

  async function signIn(page: Page, email: string, pass: string) {
    await page.getByLabel(ru.email).fill(email);
    await page.getByLabel(ru.password).fill(pass);
    await page.getByRole('button', { name: ru.signIn }).click();
  }

  async function signOut(page: Page, name: string) {
    await page.getByRole('button', { name: `${name}: меню учётной записи` }).click();
    await page.getByRole('menuitem', { name: /Выйти|Logout/ }).click();
    await page.getByRole('button', { name: ru.signIn }).waitFor();
  }

  async function screenshot(page: Page, name: string) {
    if (!shots) return;
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  }

  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    if (portal?.child.exitCode === null) {
      portal.child.kill('SIGTERM');
      await new Promise((r) => portal.child.once('exit', r));
    }
    if (portal) fs.rmSync(portal.dataDir, { recursive: true, force: true });
  });

  it('creates the first admin through the setup link, and stays on the form through refused passwords', async () => {
    admin = await browser();
    await open(admin, portal.setupLink);
    await admin.getByRole('heading', { name: 'Первый администратор' }).waitFor();
    const opened = Date.now();
    // The rules are on the page before anything is typed.
    await expect.poll(() => admin.getByText('не короче 12 символов').count()).toBeGreaterThan(0);
    await admin.getByLabel('Электронная почта').fill(adminEmail);
    await admin.getByLabel('Ваше имя').fill('Анна Первая');
    const refusal = admin.getByRole('alert');
    // Each refusal says why, in Russian, and leaves the link unused and the form where it was.
    for (const [refused, reason] of [
      ['qwerty123456', /среди самых распространённых/],
      ['first.admin@example.org', /не должен содержать адрес/],
    ] as const) {
      await admin.getByLabel('Новый пароль').fill(refused);
      await admin.getByLabel('Пароль ещё раз').fill(refused);
      await admin.getByRole('button', { name: 'Сохранить и войти' }).click();
      await expect.poll(() => refusal.textContent()).toMatch(reason);
      expect(await refusal.textContent()).not.toMatch(/[a-z]{4}/);
    }
    // Someone choosing a password takes their time: the page has no session to lose meanwhile
    // (under the back office's sign-in check it went to the sign-in screen about 8 s after the
    // form showed, once the retries of that check had failed).
    await admin.waitForTimeout(Math.max(0, opened + 15_000 - Date.now()));
    expect(new URL(admin.url()).pathname).toBe('/admin/link');
    await admin.getByLabel('Новый пароль').waitFor();
    await admin.getByLabel('Новый пароль').fill(password);
    await admin.getByLabel('Пароль ещё раз').fill(password);
    await admin.getByRole('button', { name: 'Сохранить и войти' }).click();
    await admin.getByRole('heading', { name: ru.heading }).waitFor();
    // The top bar shows who is signed in.
    expect(await admin.getByRole('banner').textContent()).toContain('Анна Первая');
  });

  it('signs out and in again', async () => {
    await signOut(admin, 'Анна Первая');
    expect(admin.url()).toMatch(/\/admin\/login$/);
    await signIn(admin, adminEmail, password);
    await admin.getByRole('heading', { name: ru.heading }).waitFor();
  });

  it('invites an editor, who completes the invitation from the mailed link', async () => {
    await open(admin, '/admin/accounts');
    await admin.getByRole('link', { name: 'Пригласить' }).click();
    await admin.getByLabel(/Электронная почта/).fill(editorEmail);
    await admin.getByLabel(/Имя/).fill('Борис Редактор');
    await admin.getByRole('button', { name: 'Пригласить' }).click();
    await admin.getByText(`Приглашение отправлено на ${editorEmail}`).waitFor();
    const row = admin.getByRole('row', { name: /Борис Редактор/ });
    await expect.poll(() => row.textContent()).toMatch(/приглашена/);

    const editor = await browser();
    await open(editor, await mailedLink(portal, editorEmail));
    await editor.getByRole('heading', { name: 'Приглашение в редакцию' }).waitFor();
    await expect.poll(() => editor.getByText(editorEmail).count()).toBeGreaterThan(0);
    await editor.getByLabel('Новый пароль').fill(editorPassword);
    await editor.getByLabel('Пароль ещё раз').fill(editorPassword);
    await editor.getByRole('button', { name: 'Сохранить и войти' }).click();
    await editor.getByRole('heading', { name: ru.heading }).waitFor();
    // An editor's menu has no accounts and no settings.
    expect(await editor.getByRole('menuitem', { name: 'Учётные записи' }).count()).toBe(0);
    await signOut(editor, 'Борис Редактор');

    await admin.reload({ waitUntil: 'load' });
    await expect
      .poll(() => admin.getByRole('row', { name: /Борис Редактор/ }).textContent())
      .toMatch(/активна/);
  });

  it('slows a guesser down and says for how long, while the owner’s own browser signs in', async () => {
    const own = await browser();
    await open(own, '/admin/login');
    await signIn(own, editorEmail, editorPassword);
    await own.getByRole('heading', { name: ru.heading }).waitFor();
    await signOut(own, 'Борис Редактор');

    const guesser = await browser();
    await open(guesser, '/admin/login');
    const alert = guesser.getByRole('alert');
    for (let i = 1; i <= 5; i++) {
      await signIn(guesser, editorEmail, `wrong password ${i}`);
      await expect.poll(() => alert.textContent()).toMatch(ru.wrong);
      // the next message must be a new one: wait for the button to be usable again
      await guesser.getByRole('button', { name: ru.signIn }).and(guesser.locator(':enabled')).waitFor();
    }
    // The next attempt waits, even with the right password, and the page says how long.
    await signIn(guesser, editorEmail, editorPassword);
    await expect.poll(() => alert.textContent()).toMatch(ru.slowedDown);
    await screenshot(guesser, 'sign-in-slowed-down-1440');
    if (shots) {
      await guesser.setViewportSize(viewports.phone);
      await screenshot(guesser, 'sign-in-slowed-down-375');
    }

    // The owner's browser is not slowed down by someone else's guesses.
    await signIn(own, editorEmail, editorPassword);
    await own.getByRole('heading', { name: ru.heading }).waitFor();
  });

  it('sets up the second factor from its QR code page, and then signs in with the code', async () => {
    await open(admin, '/admin/my-account');
    await admin.getByRole('button', { name: 'Подключить второй фактор' }).click();
    await admin.getByRole('img', { name: 'QR-код для приложения-аутентификатора' }).waitFor();
    secret = (await admin.locator('code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await admin.getByLabel(/Код, который сейчас показывает приложение/).fill(await generate({ secret }));
    await admin.getByRole('button', { name: 'Включить' }).click();
    await admin.getByText('Второй фактор включён: при входе нужен код').waitFor();
    // The recovery codes, shown this once.
    const shown = admin.getByRole('region', { name: 'Коды восстановления' });
    await expect.poll(() => shown.locator('code').count()).toBe(10);
    recoveryCodes = (await shown.locator('code').allTextContents()).map((c) => c.trim());
    expect(recoveryCodes[0]).toMatch(/^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    await screenshot(admin, 'recovery-codes-1440');
    if (shots) {
      await admin.setViewportSize(viewports.phone);
      await screenshot(admin, 'recovery-codes-375');
      await admin.setViewportSize(viewports.desktop);
    }
    await admin.getByRole('button', { name: 'Я сохранил(а) коды' }).click();
    await admin.getByText('Неиспользованных кодов восстановления: 10 из 10.').waitFor();

    await signOut(admin, 'Анна Первая');
    await signIn(admin, adminEmail, password);
    const code = admin.getByLabel(/Код из приложения-аутентификатора/);
    await code.waitFor();
    await code.fill('000000');
    await admin.getByRole('button', { name: 'Подтвердить' }).click();
    await expect.poll(() => admin.getByRole('alert').textContent()).toMatch(/Код неверен/);
    await code.fill(await generate({ secret }));
    await admin.getByRole('button', { name: 'Подтвердить' }).click();
    await admin.getByRole('heading', { name: ru.heading }).waitFor();
  });

  it('signs in with a recovery code in place of the app’s code, once', async () => {
    await signOut(admin, 'Анна Первая');
    await signIn(admin, adminEmail, password);
    await admin.getByRole('button', { name: 'Войти с кодом восстановления' }).click();
    const field = admin.getByLabel(/Код восстановления/);
    await field.fill((recoveryCodes[0] as string).toUpperCase());
    await screenshot(admin, 'sign-in-recovery-code-1440');
    await admin.getByRole('button', { name: 'Подтвердить' }).click();
    await admin.getByRole('heading', { name: ru.heading }).waitFor();

    await signOut(admin, 'Анна Первая');
    await signIn(admin, adminEmail, password);
    await admin.getByRole('button', { name: 'Войти с кодом восстановления' }).click();
    await field.fill(recoveryCodes[0] as string);
    await admin.getByRole('button', { name: 'Подтвердить' }).click();
    await expect
      .poll(() => admin.getByRole('alert').textContent())
      .toMatch(/Код восстановления неверен или уже использован/);
    await field.fill(recoveryCodes[1] as string);
    await admin.getByRole('button', { name: 'Подтвердить' }).click();
    await admin.getByRole('heading', { name: ru.heading }).waitFor();
  });

  it('has no serious axe violation on the sign-in page and the accounts list at 1440 px', async () => {
    const visitor = await browser('desktop');
    await open(visitor, '/admin/login');
    await visitor.getByRole('button', { name: ru.signIn }).waitFor();
    expect(await seriousViolations(visitor)).toEqual([]);
    await screenshot(visitor, 'sign-in-1440');

    await open(admin, '/admin/accounts');
    await admin.getByRole('row', { name: /Борис Редактор/ }).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await screenshot(admin, 'accounts-1440');

    // The language menu switches the back office to English, the page's language with it.
    await visitor.getByRole('button', { name: /Русский/i }).click();
    await visitor.getByRole('menuitem', { name: 'English' }).click();
    await visitor.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
    expect(await visitor.evaluate(() => document.documentElement.lang)).toBe('en');

    if (shots) {
      const phone = await browser('phone');
      await open(phone, '/admin/login');
      await phone.getByRole('button', { name: ru.signIn }).waitFor();
      await screenshot(phone, 'sign-in-375');
      await signIn(phone, adminEmail, password);
      await phone.getByRole('button', { name: 'Войти с кодом восстановления' }).click();
      await phone.getByLabel(/Код восстановления/).fill(recoveryCodes[2] as string);
      await screenshot(phone, 'sign-in-recovery-code-375');
      await phone.getByRole('button', { name: 'Подтвердить' }).click();
      await phone.getByRole('heading', { name: ru.heading }).waitFor();
      await open(phone, '/admin/accounts');
      await phone.getByText('Борис Редактор').first().waitFor();
      await screenshot(phone, 'accounts-375');
    }
    expect(errors).toEqual([]);
  });
});
