import type { Lang } from '../../../common/languages.js';
import type { QueuedMail } from '../../db/schema.js';

const confirmation: Record<
  Lang,
  { subject: string; body: (confirm: string, unsubscribe: string) => string }
> = {
  ru: {
    subject: 'Подтвердите подписку на новости туристического портала Ленинградской области',
    body: (confirm, unsubscribe) =>
      'Здравствуйте!\n\nКто-то, надеемся, что вы, подписал этот адрес на новости туристического портала ' +
      'Ленинградской области. Чтобы получать рассылку, подтвердите подписку по ссылке:\n' +
      `${confirm}\n\nЕсли не подтвердить подписку за 7 дней, мы удалим этот адрес и больше не напишем. ` +
      `Если вы не подписывались, просто не отвечайте на это письмо или отпишитесь здесь:\n${unsubscribe}\n`,
  },
  en: {
    subject: 'Confirm your subscription to the Leningrad Region tourism portal news',
    body: (confirm, unsubscribe) =>
      'Hello!\n\nSomeone, we hope it was you, subscribed this address to the news of the Leningrad Region ' +
      `tourism portal. To receive the newsletter, confirm the subscription:\n${confirm}\n\n` +
      'If the subscription is not confirmed within 7 days, we delete this address and never write again. ' +
      `If you did not subscribe, ignore this mail or unsubscribe here:\n${unsubscribe}\n`,
  },
  zh: {
    subject: '请确认订阅列宁格勒州旅游门户网站的新闻',
    body: (confirm, unsubscribe) =>
      `您好！\n\n有人（希望是您本人）用此地址订阅了列宁格勒州旅游门户网站的新闻。如需接收新闻邮件，请点击链接确认订阅：\n${confirm}\n\n` +
      `如果7天内未确认订阅，我们将删除此地址，不再发送任何邮件。如果您没有订阅，请忽略此邮件，或在此取消订阅：\n${unsubscribe}\n`,
  },
};

/** A link of the newsletter's mails: `path?token=...`, with the page's language when it is not Russian. */
export const subscriberLink = (publicUrl: string, path: string, token: string, lang: Lang) =>
  `${publicUrl}${path}?token=${encodeURIComponent(token)}${lang === 'ru' ? '' : `&lng=${lang}`}`;

/** The headers that let mail clients offer unsubscription in one click (RFC 8058). */
export const unsubscribeHeaders = (link: string) => ({
  'List-Unsubscribe': `<${link}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

/**
 * The first mail to a new subscriber: the link that confirms the address (double opt-in), and the
 * unsubscribe link. Both open pages that ask before they act (mail scanners open links); mail clients
 * that offer one-click unsubscription (RFC 8058) POST `List-Unsubscribe=One-Click` to the
 * unsubscribe link instead.
 */
export function confirmationMail(to: string, lang: Lang, publicUrl: string, token: string): QueuedMail {
  const confirm = subscriberLink(publicUrl, '/subscribe/confirm', token, lang);
  const unsubscribe = subscriberLink(publicUrl, '/unsubscribe', token, lang);
  const text = confirmation[lang] ?? confirmation.ru;
  return {
    to,
    subject: text.subject,
    text: text.body(confirm, unsubscribe),
    headers: unsubscribeHeaders(unsubscribe),
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
