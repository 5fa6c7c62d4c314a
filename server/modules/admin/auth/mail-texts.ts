import type { QueuedMail } from '../../../db/schema.js';
import { linkHours, linkPath } from './links.js';

// Mails to the staff, in Russian and English in one mail: the back office speaks both, and an
// invitation goes out before the account has chosen a language.

export function invitationMail(to: string, publicUrl: string, token: string, invitedBy: string): QueuedMail {
  const link = `${publicUrl}${linkPath(token)}`;
  const days = linkHours.invite / 24;
  return {
    to,
    subject: 'Приглашение в редакцию туристического портала / Invitation to the tourism portal’s back office',
    text:
      `Здравствуйте!\n\n${invitedBy} приглашает вас в редакцию туристического портала Ленинградской области. ` +
      `Чтобы задать пароль и войти, откройте ссылку (она действует ${days} дней и один раз):\n${link}\n\n` +
      `Hello!\n\n${invitedBy} invites you to the back office of the Leningrad Region tourism portal. ` +
      `To choose a password and sign in, open the link (it works once, for ${days} days):\n${link}\n`,
  };
}

export function resetMail(to: string, publicUrl: string, token: string): QueuedMail {
  const link = `${publicUrl}${linkPath(token)}`;
  const hours = linkHours.reset;
  return {
    to,
    subject: 'Новый пароль для редакции портала / A new password for the portal’s back office',
    text:
      'Здравствуйте!\n\nАдминистратор портала разрешил вам задать новый пароль. ' +
      `Откройте ссылку (она действует ${hours} часа и один раз):\n${link}\n` +
      'Если вы не просили об этом, сообщите администратору.\n\n' +
      'Hello!\n\nAn admin of the portal has let you choose a new password. ' +
      `Open the link (it works once, for ${hours} hours):\n${link}\n` +
      'If you did not ask for this, tell an admin.\n',
  };
}

/**
 * To the owner of an account whose sign-in is being guessed: once when the failures start to cost
 * the guesser a wait (a burst), not at every attempt.
 */
export function attackMail(to: string, publicUrl: string, failures: number, address: string): QueuedMail {
  const link = `${publicUrl}/admin/my-account`;
  return {
    to,
    subject: 'Попытки войти в вашу учётную запись / Attempts to sign in to your account',
    text:
      `Здравствуйте!\n\nКто-то ${failures} раз подряд не смог войти в вашу учётную запись в редакции туристического портала ` +
      `(последняя попытка — с адреса ${address}). Следующие попытки отсюда замедляются: каждая ждёт всё дольше. ` +
      'Вы по-прежнему входите из браузера, в котором уже входили, или с кодом второго фактора.\n' +
      'Если это были не вы, придумайте длинный пароль и включите второй фактор:\n' +
      `${link}\n\n` +
      `Hello!\n\nSomeone has failed to sign in to your account in the tourism portal's back office ${failures} times in a row ` +
      `(the last attempt from ${address}). Their next attempts are slowed down, each waiting longer. ` +
      'You still sign in from a browser you signed in with before, or with the code of your second factor.\n' +
      'If it was not you, choose a long password and turn the second factor on:\n' +
      `${link}\n`,
  };
}
