import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import {
  checkFeedback,
  type FeedbackError,
  type FeedbackField,
  feedbackError,
  feedbackFields,
} from './errors';
import styles from './feedback-form.module.css';

type View = 'form' | 'sending' | 'thanks';

const inputs: Record<FeedbackField, { type: string; autoComplete?: string; inputMode?: 'email' }> = {
  name: { type: 'text', autoComplete: 'name' },
  phone: { type: 'tel', autoComplete: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  message: { type: 'textarea' },
};

/**
 * Name, phone, email and message. The thank-you view comes only once the server has stored the
 * message (201); anything else keeps what the visitor typed and says what to do: a field the
 * server refused (its 400 names it) at that field, a rate limit, an outage or no connection above
 * the button. The only check made before sending is that there is a message.
 */
export function FeedbackForm() {
  const { t } = useTranslation('feedback');
  const { api, lang } = useApi();
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const thanks = useRef<HTMLParagraphElement>(null);
  const [view, setView] = useState<View>('form');
  const [error, setError] = useState<FeedbackError | null>(null);
  useEffect(() => {
    if (view === 'thanks') thanks.current?.focus();
  }, [view]);

  const focusField = (field: FeedbackField) =>
    (form.current?.elements.namedItem(field) as HTMLElement | null)?.focus();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view !== 'form') return;
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(feedbackFields.map((f) => [f, String(data.get(f) ?? '')])) as Record<
      FeedbackField,
      string
    >;
    const missing = checkFeedback(values);
    if (missing) {
      setError(missing);
      if (missing.field) focusField(missing.field);
      return;
    }
    setView('sending');
    setError(null);
    try {
      await api.post('/api/auth/feedback/', values, lang);
      setView('thanks');
    } catch (failure) {
      const reason = feedbackError(failure);
      setError(reason);
      setView('form');
      if (reason.field) focusField(reason.field);
    }
  };

  // A field's error goes once the visitor changes that field.
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const name = (event.target as HTMLInputElement).name;
    if (error?.field && error.field === name) setError(null);
  };

  if (view === 'thanks') {
    return (
      <p ref={thanks} className={styles.thanks} tabIndex={-1} role="status">
        {t('thanks')}
      </p>
    );
  }

  const fieldMessage = (field: FeedbackField): string => {
    if (error?.field !== field) return '';
    if (field === 'message' && error.problem === 'required') return t('errors.messageRequired');
    if (field === 'email' && error.problem === 'invalid') return t('errors.emailInvalid');
    if (error.problem === 'required') return t('errors.fieldRequired');
    return t(error.problem === 'tooLong' ? 'feedback.errors.fieldTooLong' : 'feedback.errors.fieldInvalid');
  };
  const formMessage = (): string => {
    if (!error || error.field) return '';
    const { kind, seconds } = error;
    if (kind === 'rateLimited' && seconds) {
      return t('errors.rateLimitedMinutes', { minutes: Math.ceil(seconds / 60) });
    }
    if (kind === 'unavailable' && seconds) {
      return seconds < 120
        ? t('errors.unavailableSeconds', { count: seconds })
        : t('errors.unavailableMinutes', { minutes: Math.ceil(seconds / 60) });
    }
    return t(`errors.${kind}`);
  };
  const sending = view === 'sending';
  const problem = formMessage();

  return (
    <form
      ref={form}
      className={styles.form}
      noValidate
      onSubmit={submit}
      onChange={onChange}
      aria-busy={sending}
    >
      <p className={styles.intro}>{t('intro')}</p>
      {feedbackFields.map((field) => {
        const message = fieldMessage(field);
        const { type, ...attributes } = inputs[field];
        const props = {
          id: `${id}-${field}`,
          name: field,
          'aria-invalid': message ? true : undefined,
          'aria-describedby': message ? `${id}-${field}-error` : undefined,
          ...attributes,
        };
        return (
          <div key={field} className={styles.field}>
            <label className={styles.label} htmlFor={props.id}>
              {t(`${field}`)}
            </label>
            {type === 'textarea' ? (
              <textarea className={styles.textarea} rows={5} {...props} />
            ) : (
              <input className={styles.input} type={type} {...props} />
            )}
            {message && (
              <p id={`${id}-${field}-error`} className={styles.fieldError}>
                {message}
              </p>
            )}
          </div>
        );
      })}
      <p className={problem ? styles.formError : styles.noError} role="alert">
        {problem}
      </p>
      <button
        type="submit"
        className={`button button--gold ${styles.submit}`}
        aria-disabled={sending || undefined}
      >
        {sending ? t('sending') : t('submit')}
      </button>
    </form>
  );
}
