import { type Kysely, sql } from 'kysely';
import type { Lang } from '../../../../common/languages.js';
import type { DB, QueuedMail, Translated } from '../../../db/schema.js';
import type { MailQueue } from '../../../lib/mail.js';
import { subscriberLink, unsubscribeHeaders } from '../../visitors/mail-texts.js';

// Newsletter issues: composed in the back office, sent to every confirmed subscriber through the
// mail queue, each in the language they subscribed in.

/** Mails a minute when the editor names no rate: what a small mail server takes without complaint. */
export const defaultRatePerMinute = 60;

const pick = (t: Translated | null | undefined, lang: Lang) => (t ? (t[lang]?.trim() ? t[lang] : t.ru) : '');

const footer: Record<Lang, (link: string) => string> = {
  ru: (link) => `Вы получили это письмо, потому что подписались на новости портала.\nОтписаться: ${link}`,
  en: (link) => `You receive this mail because you subscribed to the portal's news.\nUnsubscribe: ${link}`,
  zh: (link) => `您收到此邮件是因为您订阅了门户网站的新闻。\n取消订阅：${link}`,
};
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
  const link = (path: string) => `${publicUrl}${path}${lang === 'ru' ? '' : `?lng=${lang}`}`;
  const parts = [pick(content.issue.intro, lang), ''];
  if (content.news.length) {
    parts.push(headings[lang].news, '');
    for (const n of content.news)
      parts.push(pick(n.name, lang), pick(n.annotation, lang), link(`/news/detail/${n.id}`), '');
  }
  if (content.events.length) {
    parts.push(headings[lang].events, '');
    for (const e of content.events) {
      const dates = e.start_date === e.end_date ? e.start_date : `${e.start_date} — ${e.end_date}`;
      parts.push(
        `${pick(e.name, lang)} (${dates})`,
        pick(e.annotation, lang),
        link(`/events/detail/${e.id}`),
        '',
      );
    }
  }
  const subject = pick(content.issue.subject, lang);
  if (!token) return { to, subject: `[test] ${subject}`, text: `${parts.join('\n')}\n` };
  const unsubscribe = subscriberLink(publicUrl, '/unsubscribe', token, lang);
  parts.push('—', footer[lang](unsubscribe));
  return { to, subject, text: `${parts.join('\n')}\n`, headers: unsubscribeHeaders(unsubscribe) };
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
