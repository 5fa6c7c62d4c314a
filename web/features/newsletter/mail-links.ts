import type { SubscriptionConfirmedT, UnsubscribedT } from '../../../common/api';
import { type ApiClient, apiErrorStatus } from '../../api/client';

/** The two links of the newsletter's mails: each opens a page that acts when the visitor presses its button. */
export type MailLinkAction = 'unsubscribe' | 'confirm';

/** What became of a link. */
export type MailLinkOutcome =
  | { kind: 'done'; email: string }
  | { kind: 'used' | 'unknown' | 'offline' | 'rateLimited' };

const paths: Record<MailLinkAction, string> = {
  unsubscribe: '/api/auth/unsubscribe/',
  confirm: '/api/auth/subscribe/confirm/',
};

/** POSTs the link's token and sorts the answer for the page. */
export async function followMailLink(
  api: ApiClient,
  action: MailLinkAction,
  token: string,
): Promise<MailLinkOutcome> {
  try {
    const answer = await api.post<UnsubscribedT | SubscriptionConfirmedT>(paths[action], { token });
    if (answer.status === 'already-confirmed') return { kind: 'used' };
    return { kind: 'done', email: answer.email };
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
