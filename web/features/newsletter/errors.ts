import { ApiError, apiRetryAfter } from '../../api/client';

/** Why a subscription failed, as the modal words it. */
export type SubscribeFailure = 'empty' | 'invalid' | 'rateLimited' | 'closed' | 'network' | 'server';

export interface SubscribeError {
  kind: SubscribeFailure;
  /** For rateLimited: minutes until the next attempt, from Retry-After (seconds), when given. */
  minutes?: number;
}

/** Sorts a failed POST /api/auth/subscribe/ into what the visitor can do about it. */
export function subscribeError(error: unknown, email: string): SubscribeError {
  if (!(error instanceof ApiError)) return { kind: 'network' };
  const status = error.status;
  if (status === 400 || status === 413) return { kind: email.trim() ? 'invalid' : 'empty' };
  if (status === 429) {
    const seconds = apiRetryAfter(error);
    return seconds ? { kind: 'rateLimited', minutes: Math.ceil(seconds / 60) } : { kind: 'rateLimited' };
  }
  if (status === 403) return { kind: 'closed' };
  return { kind: 'server' };
}
