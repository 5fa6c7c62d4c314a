// What visitors send must not end up in plain text in the logs (or in answers to strangers):
// addresses and phone numbers are masked wherever they are logged or echoed.

/** `ivan.petrov@mail.ru` → `i***v@mail.ru`; anything that is not an address → `***`. */
export function maskEmail(email: string | null | undefined): string {
  if (!email) return '';
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const chars = [...local];
  const shown = chars.length > 2 ? `${chars[0]}***${chars[chars.length - 1]}` : `${chars[0]}***`;
  return `${shown}@${domain}`;
}

/** `+7 (921) 123-45-67` → `***67`: only the last two digits stay. */
export function maskPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  return digits.length > 4 ? `***${digits.slice(-2)}` : '***';
}

/** A request URL for the logs: secrets in the query (the unsubscribe token) are replaced by `***`. */
export function maskUrl(url: string): string {
  return url.replace(/([?&](?:token|email)=)[^&#]*/gi, '$1***');
}
