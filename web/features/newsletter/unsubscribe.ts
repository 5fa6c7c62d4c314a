import type { UnsubscribedT } from '../../../common/api';
import { type ApiClient, apiErrorStatus } from '../../api/client';

/** What became of an unsubscribe link. */
export type UnsubscribeOutcome =
  | { kind: 'done'; email: string }
  | { kind: 'used' | 'unknown' | 'offline' | 'rateLimited' };

/** POSTs the token to /api/auth/unsubscribe/ and sorts the answer for the page. */
export async function unsubscribe(api: ApiClient, token: string): Promise<UnsubscribeOutcome> {
  try {
    const { email } = await api.post<UnsubscribedT>('/api/auth/unsubscribe/', { token });
    return { kind: 'done', email };
  } catch (error) {
    const status = apiErrorStatus(error);
    if (status === 410) return { kind: 'used' };
    // 400 is a token no link ever held (too long, empty after trimming): the same as unknown.
    if (status === 404 || status === 400) return { kind: 'unknown' };
    if (status === 429) return { kind: 'rateLimited' };
    // No answer, a 5xx, or a refused write (403): nothing happened yet, trying again may help.
    return { kind: 'offline' };
  }
}
