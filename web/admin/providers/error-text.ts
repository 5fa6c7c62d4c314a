import type { TranslateFunction } from 'react-admin';
import { ApiError } from './http';

/**
 * What to tell the user about a failed request: the network, an error whose code the back office
 * words itself (`admin.errors.codes.<code>`), a rate limit with the wait, a refusal, or else the
 * server's own message (it says what was wrong with the input).
 */
export function errorText(translate: TranslateFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return translate('ra.notification.http_error');
  if (error.status === 0) return translate('admin.errors.network');
  const coded = error.body.code
    ? translate(`admin.errors.codes.${error.body.code}`, {
        seconds: error.retryAfter ?? error.body.retry_after ?? '',
        _: '',
      })
    : '';
  if (coded) return coded;
  if (error.status === 429) {
    return error.retryAfter
      ? translate('admin.errors.rate_limited', { seconds: error.retryAfter })
      : translate('admin.errors.rate_limited_soon');
  }
  if (error.status === 403 && !error.body.message) return translate('admin.errors.forbidden');
  // The server's own words (English) say which rule the input broke: shown, introduced in the
  // back office's language.
  if (error.body.message && error.status >= 400 && error.status < 500) {
    return translate('admin.errors.rejected', { message: error.body.message });
  }
  return error.body.message || translate('ra.notification.http_error');
}
