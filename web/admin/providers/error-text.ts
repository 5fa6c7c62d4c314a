import type { TranslateFunction } from 'react-admin';
import type { AdminErrorCode } from '../../../common/admin-errors';
import { ApiError } from './http';

/**
 * What to tell the user about a failed request, always in the back office's language: the network,
 * the server's code worded here (`admin.errors.codes.<code>`, with its params; `field` as the
 * field's label when `fieldLabel` knows it), a rate limit with the wait, or else what the status
 * means. The server's own message is English, for logs and API users: never shown.
 */
export function errorText(
  translate: TranslateFunction,
  error: unknown,
  fieldLabel: (field: string) => string = (field) => field,
): string {
  if (!(error instanceof ApiError)) return translate('ra.notification.http_error');
  if (error.status === 0) return translate('admin.errors.network');
  const code = error.body.code as AdminErrorCode | undefined;
  if (code) {
    const params = error.body.params ?? {};
    const coded = translate(`admin.errors.codes.${code}`, {
      ...params,
      // a file's encoding is a name (Windows-1251) or a word ("unknown"), worded here like the rest
      ...(typeof params.encoding === 'string'
        ? { encoding: translate(`admin.errors.encodings.${params.encoding}`, { _: params.encoding }) }
        : {}),
      ...(typeof params.field === 'string' ? { field: fieldLabel(params.field) } : {}),
      ...(typeof params.count === 'number' ? { smart_count: params.count } : {}),
      seconds: error.retryAfter ?? error.body.retry_after ?? '',
      _: '',
    });
    if (coded) return coded;
  }
  if (error.status === 429) {
    return error.retryAfter
      ? translate('admin.errors.rate_limited', { seconds: error.retryAfter })
      : translate('admin.errors.rate_limited_soon');
  }
  if (error.status >= 500) return translate('admin.errors.status.server');
  return translate(`admin.errors.status.${error.status}`, { _: translate('admin.errors.status.other') });
}
