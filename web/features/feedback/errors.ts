import { ApiError, apiErrorMessage, apiRetryAfter } from '../../api/client';

/** The fields of the feedback form, as the API names them. */
export const feedbackFields = ['name', 'phone', 'email', 'message'] as const;
export type FeedbackField = (typeof feedbackFields)[number];

/** What is wrong with one field. */
export type FieldProblem = 'required' | 'invalid' | 'tooLong';

/** Why a message was not sent, as the dialog words it: at a field, or for the whole form. */
export type FeedbackError =
  | { field: FeedbackField; problem: FieldProblem }
  | {
      field?: undefined;
      kind: 'invalid' | 'tooLong' | 'rateLimited' | 'unavailable' | 'refused' | 'network' | 'server';
      /** For rateLimited and unavailable: seconds until the next attempt (Retry-After), when given. */
      seconds?: number;
    };

/** The one check made before sending: without a message there is nothing to send. */
export function checkFeedback(values: Record<FeedbackField, string>): FeedbackError | null {
  return values.message.trim() ? null : { field: 'message', problem: 'required' };
}

// The API names the field it refuses first: "body email is not a valid email address",
// "body message is required", "body name must NOT have more than 200 characters".
const fieldMessage = new RegExp(`^body (${feedbackFields.join('|')})\\b(.*)$`);

/** Sorts a failed POST /api/auth/feedback/ into what the visitor can do about it. */
export function feedbackError(error: unknown): FeedbackError {
  if (!(error instanceof ApiError)) return { kind: 'network' };
  switch (error.status) {
    case 400: {
      const match = fieldMessage.exec(apiErrorMessage(error));
      if (!match) return { kind: 'invalid' };
      const field = match[1] as FeedbackField;
      const rest = match[2] ?? '';
      if (/is required|must have required property/.test(rest)) return { field, problem: 'required' };
      if (/must NOT have more than/.test(rest)) return { field, problem: 'tooLong' };
      return { field, problem: 'invalid' };
    }
    case 413:
      return { kind: 'tooLong' };
    case 429:
    case 503: {
      const seconds = apiRetryAfter(error);
      const kind = error.status === 429 ? 'rateLimited' : 'unavailable';
      return seconds ? { kind, seconds } : { kind };
    }
    // The XSRF pair is missing: the browser keeps no cookie for the site.
    case 403:
      return { kind: 'refused' };
    default:
      return { kind: 'server' };
  }
}
