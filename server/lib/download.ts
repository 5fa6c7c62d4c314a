import type { FastifyReply } from 'fastify';

/**
 * A file name that is safe in every browser and file system: no path separators, control or
 * reserved characters, no leading or trailing dots, at most 80 characters; `fallback` when nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}<>:"/\\|?*]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+/, '')
    .slice(0, 80)
    .replace(/[.\s]+$/, '');
  return cleaned || fallback;
}

/** Percent-encoding of RFC 5987 (`filename*=UTF-8''...`). */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Sends `body` as a download: `asciiName` (e.g. `route-12`) is the plain fallback, `name` (in
 * the visitor's language, any script) the UTF-8 name browsers prefer.
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { body: string; type: string; ext: string; asciiName: string; name: string; lang: string },
): FastifyReply {
  const ascii = file.asciiName.replace(/[^A-Za-z0-9._-]+/g, '-');
  const unicode = safeFileName(file.name, ascii);
  return reply
    .header('content-type', file.type)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}.${file.ext}"; filename*=UTF-8''${encodeRfc5987(`${unicode}.${file.ext}`)}`,
    )
    .header('content-language', file.lang)
    .header('cache-control', 'public, max-age=300')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
