import { type Kysely, sql } from 'kysely';
import type { Issue, IssueBody } from '../../../../common/admin-api.js';
import { type Lang, langTag } from '../../../../common/languages.js';
import type { DB, QueuedMail, Translated } from '../../../db/schema.js';
import type { MailQueue } from '../../../lib/mail.js';
import { subscriberLink, unsubscribeHeaders } from '../../visitors/mail-texts.js';

// Newsletter issues: composed in the back office, sent to every confirmed subscriber through the
// mail queue, each in the language they subscribed in.

/** Mails a minute when the editor names no rate: what a small mail server takes without complaint. */
export const defaultRatePerMinute = 60;

const pick = (t: Translated | null | undefined, lang: Lang) => (t ? (t[lang]?.trim() ? t[lang] : t.ru) : '');

const footer: Record<Lang, { why: string; unsubscribe: string; colon: string }> = {
  ru: {
    why: 'Вы получили это письмо, потому что подписались на новости портала.',
    unsubscribe: 'Отписаться',
    colon: ': ',
  },
  en: {
    why: "You receive this mail because you subscribed to the portal's news.",
    unsubscribe: 'Unsubscribe',
    colon: ': ',
  },
  zh: { why: '您收到此邮件是因为您订阅了门户网站的新闻。', unsubscribe: '取消订阅', colon: '：' },
};
/** The locale an issue's dates are written in. */
const dateLocale: Record<Lang, string> = { ru: 'ru-RU', en: 'en-GB', zh: 'zh-CN' };
const headings: Record<Lang, { news: string; events: string }> = {
  ru: { news: 'Новости', events: 'События' },
  en: { news: 'News', events: 'Events' },
  zh: { news: '新闻', events: '活动' },
};

export interface IssueRow {
  id: number;
  subject: Translated;
  intro: Translated;
  news_ids: number[];
  event_ids: number[];
}

export interface IssueContent {
  issue: IssueRow;
  news: { id: number; name: Translated; annotation: Translated }[];
  events: { id: number; name: Translated; annotation: Translated; start_date: string; end_date: string }[];
}

/** The news and events an issue names, in its order (those deleted since are left out). */
export async function issueContent(db: Kysely<DB>, issue: IssueRow): Promise<IssueContent> {
  const [news, events] = await Promise.all([
    issue.news_ids.length
      ? db.selectFrom('news').select(['id', 'name', 'annotation']).where('id', 'in', issue.news_ids).execute()
      : [],
    issue.event_ids.length
      ? db
          .selectFrom('events')
          .select(['id', 'name', 'annotation', 'start_date', 'end_date'])
          .where('id', 'in', issue.event_ids)
          .execute()
      : [],
  ]);
  const inOrder = <T extends { id: number }>(rows: T[], ids: number[]) =>
    ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is T => !!r);
  return { issue, news: inOrder(news, issue.news_ids), events: inOrder(events, issue.event_ids) };
}

/** An issue's mail in one language, for one address: with its unsubscribe link, or a test without one. */
export function issueMail(
  content: IssueContent,
  publicUrl: string,
  lang: Lang,
  to: string,
  token: string | null,
): QueuedMail {
  const letter = issueLetter(content, publicUrl, lang);
  const subject = pick(content.issue.subject, lang);
  const unsubscribe = token ? subscriberLink(publicUrl, '/unsubscribe', token, lang) : null;
  const mail = {
    to,
    subject: token ? subject : `[test] ${subject}`,
    ...renderLetter(letter, lang, unsubscribe),
  };
  return unsubscribe ? { ...mail, headers: unsubscribeHeaders(unsubscribe) } : mail;
}

/** What an issue says in one language: the introduction, then its news and its events. */
interface Letter {
  subject: string;
  intro: string;
  groups: { heading: string; items: { name: string; dates?: string; annotation: string; url: string }[] }[];
}

function issueLetter(content: IssueContent, publicUrl: string, lang: Lang): Letter {
  const link = (path: string) => `${publicUrl}${path}${lang === 'ru' ? '' : `?lng=${lang}`}`;
  const groups: Letter['groups'] = [];
  if (content.news.length)
    groups.push({
      heading: headings[lang].news,
      items: content.news.map((n) => ({
        name: pick(n.name, lang),
        annotation: pick(n.annotation, lang),
        url: link(`/news/detail/${n.id}`),
      })),
    });
  if (content.events.length)
    groups.push({
      heading: headings[lang].events,
      items: content.events.map((e) => ({
        name: pick(e.name, lang),
        dates: e.start_date === e.end_date ? e.start_date : `${e.start_date} — ${e.end_date}`,
        annotation: pick(e.annotation, lang),
        url: link(`/events/detail/${e.id}`),
      })),
    });
  return { subject: pick(content.issue.subject, lang), intro: pick(content.issue.intro, lang), groups };
}

/** An event's days as the reader's language writes them ("5 – 7 декабря 2026 г."). */
function longDates(dates: string, lang: Lang): string {
  const [start, end = start] = dates.split(' — ').map((d) => new Date(`${d}T00:00:00Z`));
  const format = new Intl.DateTimeFormat(dateLocale[lang], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  if (!start || !end) return dates;
  if (start.getTime() === end.getTime()) return format.format(start);
  // ICU's range pattern for Chinese falls back to numbers (2026/9/26 – 2027/1/17): the two days
  // written out, joined by 至.
  return lang === 'zh' ? `${format.format(start)}至${format.format(end)}` : format.formatRange(start, end);
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** Paragraphs of an editor's text: a blank line between them, a line break kept as one. */
const paragraphs = (text: string, style: string) =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p style="${style}">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('\n');

/**
 * The letter as plain text and as HTML, the two parts of one mail: a mail program shows the HTML
 * (headings, linked names, the dates written out), one that cannot shows the text. The HTML keeps to
 * what mail programs render: inline styles, no script, no style sheet, no remote picture.
 */
function renderLetter(
  letter: Letter,
  lang: Lang,
  unsubscribe: string | null,
): { text: string; html: string } {
  const lines = [letter.intro, ''];
  for (const group of letter.groups) {
    lines.push(group.heading, '');
    for (const item of group.items)
      lines.push(item.dates ? `${item.name} (${item.dates})` : item.name, item.annotation, item.url, '');
  }
  const f = footer[lang];
  if (unsubscribe) lines.push('—', f.why, `${f.unsubscribe}${f.colon}${unsubscribe}`);

  const text = 'margin:0 0 16px;font-size:16px;line-height:1.5;color:#14213d';
  const small = 'font-size:13px;line-height:1.5;color:#5a6378';
  const html = [
    `<!doctype html><html lang="${langTag(lang)}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(letter.subject)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f5f8">',
    '<div style="max-width:600px;margin:0 auto;padding:24px 20px;background:#ffffff;font-family:Arial,Helvetica,sans-serif">',
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.25;color:#14213d">${escapeHtml(letter.subject)}</h1>`,
    paragraphs(letter.intro, text),
    ...letter.groups.flatMap((group) => [
      `<h2 style="margin:24px 0 12px;font-size:20px;line-height:1.3;color:#14213d">${escapeHtml(group.heading)}</h2>`,
      ...group.items.map((item) =>
        [
          '<div style="margin:0 0 20px">',
          `<a href="${escapeHtml(item.url)}" style="font-size:18px;font-weight:bold;line-height:1.35;color:#1f3160">${escapeHtml(item.name)}</a>`,
          item.dates
            ? `<p style="margin:4px 0 0;${small}">${escapeHtml(longDates(item.dates, lang))}</p>`
            : '',
          item.annotation
            ? `<p style="margin:6px 0 0;font-size:16px;line-height:1.5;color:#14213d">${escapeHtml(item.annotation)}</p>`
            : '',
          '</div>',
        ].join(''),
      ),
    ]),
    unsubscribe
      ? `<hr style="margin:24px 0 16px;border:0;border-top:1px solid #d5dbe8"><p style="margin:0;${small}">${escapeHtml(f.why)} <a href="${escapeHtml(unsubscribe)}" style="color:#1f3160">${escapeHtml(f.unsubscribe)}</a></p>`
      : '',
    '</div></body></html>',
  ].join('\n');
  return { text: `${lines.join('\n')}\n`, html };
}

/** The issues, newest first (or the one with the id), each with its sending counts. */
export async function findIssues(db: Kysely<DB>, id?: number): Promise<Issue[]> {
  let query = db.selectFrom('newsletter_issues').selectAll().orderBy('id', 'desc');
  if (id !== undefined) query = query.where('id', '=', id);
  const rows = await query.execute();
  const counts = await issueCounts(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => {
    const c = counts.get(Number(r.id)) ?? { recipients: 0, sent: 0, failed: 0, waiting: 0 };
    // sending until the queue has nothing of it left
    const status = r.status === 'sending' && c.waiting === 0 ? 'sent' : r.status;
    return {
      id: Number(r.id),
      subject: r.subject,
      intro: r.intro,
      news_ids: r.news_ids,
      event_ids: r.event_ids,
      status,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
      send_started_at: r.send_started_at ? r.send_started_at.toISOString() : null,
      rate_per_minute: r.rate_per_minute,
      counts: c,
    };
  });
}

/** The ids among `ids` that no row of the table (news or events) has. */
export async function missingItems(
  db: Kysely<DB>,
  table: 'news' | 'events',
  ids: number[],
): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return ids.filter((id) => !found.some((f) => f.id === id));
}

/** The columns an issue's form sets. */
const formColumns = (body: IssueBody) => ({
  subject: JSON.stringify(body.subject),
  intro: JSON.stringify(body.intro),
  news_ids: body.news_ids,
  event_ids: body.event_ids,
});

/** A new draft issue; returns its id. */
export async function createIssue(db: Kysely<DB>, body: IssueBody, by: number): Promise<number> {
  const row = await db
    .insertInto('newsletter_issues')
    .values({ ...formColumns(body), created_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateIssue(db: Kysely<DB>, id: number, body: IssueBody): Promise<void> {
  await db
    .updateTable('newsletter_issues')
    .set({ ...formColumns(body), updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Queues an issue's mail to one address in every language, marked as a test (no unsubscribe link). */
export async function queueTestMails(
  db: Kysely<DB>,
  mail: MailQueue,
  content: IssueContent,
  publicUrl: string,
  to: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const lang of ['ru', 'en', 'zh'] as const) {
      await mail.enqueue(trx, 'newsletter-test', issueMail(content, publicUrl, lang, to, null));
    }
  });
}

/** How many of an issue's mails went out, failed for good, or still wait. */
export async function issueCounts(db: Kysely<DB>, ids: number[]) {
  if (!ids.length)
    return new Map<number, { recipients: number; sent: number; failed: number; waiting: number }>();
  const rows = await db
    .selectFrom('newsletter_deliveries as d')
    .leftJoin('mail_queue as m', 'm.id', 'd.mail_id')
    .select([
      'd.issue_id',
      sql<number>`count(*)::int`.as('recipients'),
      sql<number>`count(m.sent_at)::int`.as('sent'),
      sql<number>`count(m.failed_at)::int`.as('failed'),
    ])
    .where('d.issue_id', 'in', ids)
    .groupBy('d.issue_id')
    .execute();
  return new Map(
    rows.map((r) => [
      Number(r.issue_id),
      { recipients: r.recipients, sent: r.sent, failed: r.failed, waiting: r.recipients - r.sent - r.failed },
    ]),
  );
}

/**
 * Starts sending an issue: in one transaction, a delivery row and a queued mail for every confirmed
 * subscriber who has none for this issue yet, the mails due one after another at the rate. A
 * second start, or a restart of the portal while the mails go out, queues nobody twice: a
 * subscriber with a delivery row is skipped, and the queue sends each queued mail once.
 */
export async function startSending(
  db: Kysely<DB>,
  mail: MailQueue,
  publicUrl: string,
  issueId: number,
  ratePerMinute: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const issue = await trx
      .selectFrom('newsletter_issues')
      .select(['id', 'subject', 'intro', 'news_ids', 'event_ids', 'status'])
      .where('id', '=', issueId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const recipients = await trx
      .selectFrom('subscribers as s')
      .select(['s.id', 's.email', 's.lang', 's.token'])
      .where('s.confirmed_at', 'is not', null)
      .where('s.unsubscribed_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('newsletter_deliveries as d')
              .select('d.subscriber_id')
              .whereRef('d.subscriber_id', '=', 's.id')
              .where('d.issue_id', '=', issueId),
          ),
        ),
      )
      .orderBy('s.id')
      .execute();
    const content = await issueContent(trx, { ...issue, id: Number(issue.id) });
    const start = Date.now();
    let i = 0;
    for (const r of recipients) {
      const lang = (['ru', 'en', 'zh'].includes(r.lang) ? r.lang : 'ru') as Lang;
      const own = issueMail(content, publicUrl, lang, r.email, r.token);
      const due = new Date(start + Math.floor((i++ * 60_000) / ratePerMinute));
      const mailId = await mail.enqueue(trx, 'newsletter', own, due);
      await trx
        .insertInto('newsletter_deliveries')
        .values({ issue_id: issueId, subscriber_id: Number(r.id), mail_id: mailId })
        .execute();
    }
    await trx
      .updateTable('newsletter_issues')
      .set({
        status: 'sending',
        rate_per_minute: ratePerMinute,
        send_started_at: sql`coalesce(send_started_at, now())`,
        updated_at: new Date(),
      })
      .where('id', '=', issueId)
      .execute();
    return recipients.length;
  });
}
