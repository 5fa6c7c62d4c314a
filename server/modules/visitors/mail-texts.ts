import type { Lang } from '../../../common/languages.js';
import type { QueuedMail } from '../../db/schema.js';

const welcome: Record<Lang, { subject: string; body: (link: string) => string }> = {
  ru: {
    subject: 'Вы подписались на новости туристического портала Ленинградской области',
    body: (link) =>
      'Здравствуйте!\n\nСпасибо за подписку на новости туристического портала Ленинградской области. ' +
      'Мы будем присылать вам новости о событиях и маршрутах региона.\n\n' +
      `Если вы не подписывались или хотите отписаться, перейдите по ссылке:\n${link}\n`,
  },
  en: {
    subject: 'You have subscribed to the Leningrad Region tourism portal news',
    body: (link) =>
      'Hello!\n\nThank you for subscribing to the news of the Leningrad Region tourism portal. ' +
      'We will send you news about events and routes in the region.\n\n' +
      `If you did not subscribe or want to unsubscribe, follow this link:\n${link}\n`,
  },
  zh: {
    subject: '您已订阅列宁格勒州旅游门户网站的新闻',
    body: (link) =>
      '您好！\n\n感谢您订阅列宁格勒州旅游门户网站的新闻。我们将向您发送有关该地区活动和路线的新闻。\n\n' +
      `如果您没有订阅或想取消订阅，请点击此链接：\n${link}\n`,
  },
};

/**
 * The welcome mail of a new (or returning) subscriber, with the unsubscribe link. The link opens a
 * page that asks before it unsubscribes (mail scanners open links); mail clients that offer
 * one-click unsubscription (RFC 8058) POST `List-Unsubscribe=One-Click` to the same link instead.
 */
export function welcomeMail(to: string, lang: Lang, publicUrl: string, token: string): QueuedMail {
  const link = `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}${lang === 'ru' ? '' : `&lng=${lang}`}`;
  const text = welcome[lang] ?? welcome.ru;
  return {
    to,
    subject: text.subject,
    text: text.body(link),
    headers: { 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** The copy of a feedback message for the portal's staff (in Russian, the staff's language). */
export function feedbackMail(
  to: string,
  id: number,
  f: { name: string; phone: string; email: string; message: string; lang: string; page: string | null },
): QueuedMail {
  const lines = [
    `Сообщение № ${id} с туристического портала`,
    '',
    `Имя: ${f.name || '—'}`,
    `Телефон: ${f.phone || '—'}`,
    `Email: ${f.email || '—'}`,
    `Язык: ${f.lang}`,
    `Страница: ${f.page ?? '—'}`,
    '',
    f.message,
    '',
  ];
  return {
    to,
    subject: `Обратная связь № ${id}${f.name ? `: ${f.name.replace(/[\p{Cc}\s]+/gu, ' ').slice(0, 60)}` : ''}`,
    text: lines.join('\n'),
    ...(f.email ? { replyTo: f.email } : {}),
  };
}
