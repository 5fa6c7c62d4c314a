import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../../lib/api-context';
import { useTranslation } from '../../lib/translation';
import { type SubscribeError, subscribeError } from './errors';
import styles from './newsletter.module.css';
import { storeChoice } from './storage';

/** How long the confirmation stays before the modal closes by itself. */
export const confirmationMs = 4000;

type View = 'form' | 'sending' | 'done';

/**
 * The email field, "Подписаться" and "Нет, спасибо". The address goes to the server as typed (no
 * check in the browser: the server stays the judge of the address, see
 * docs/decisions/019-visitor-forms-say-what-happened.md); a failure is explained in place and the
 * address is kept.
 * Subscribing and declining store the choice; the modal then closes (`close`).
 */
export function NewsletterForm({ close }: { close: () => void }) {
  const { t } = useTranslation('newsletter');
  const { api, lang } = useApi();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const done = useRef<HTMLDivElement>(null);
  const [email, setEmail] = useState('');
  const [view, setView] = useState<View>('form');
  const [error, setError] = useState<SubscribeError | null>(null);

  useEffect(() => {
    if (view !== 'done') return;
    done.current?.focus();
    const timer = setTimeout(close, confirmationMs);
    return () => clearTimeout(timer);
  }, [view, close]);

  const subscribe = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view !== 'form') return;
    setView('sending');
    setError(null);
    try {
      await api.post('/api/auth/subscribe/', { email }, lang);
      storeChoice('subscribed');
      setView('done');
    } catch (failure) {
      const reason = subscribeError(failure, email);
      setError(reason);
      setView('form');
      if (reason.kind === 'empty' || reason.kind === 'invalid') input.current?.focus();
    }
  };

  const decline = () => {
    storeChoice('declined');
    close();
  };

  if (view === 'done') {
    return (
      <div ref={done} className={styles.done} tabIndex={-1} role="status">
        <p className={styles.doneText}>{t('done', { email: email.trim() })}</p>
        <button type="button" className="button" onClick={close}>
          {t('close')}
        </button>
      </div>
    );
  }

  const invalid = error?.kind === 'empty' || error?.kind === 'invalid';
  const message = error
    ? error.kind === 'rateLimited' && error.minutes
      ? t('errors.rateLimitedMinutes', { minutes: error.minutes })
      : t(`errors.${error.kind}`)
    : '';
  const sending = view === 'sending';
  return (
    <form className={styles.form} noValidate onSubmit={subscribe} aria-busy={sending}>
      <p className={styles.intro}>{t('intro')}</p>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-email`}>
          {t('email')}
        </label>
        <input
          ref={input}
          id={`${id}-email`}
          className={styles.input}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          spellCheck={false}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint ${id}-error`}
        />
        <span id={`${id}-hint`} className={styles.hint}>
          {t('emailHint')}
        </span>
        <p id={`${id}-error`} className={message ? styles.error : styles.noError} role="alert">
          {message}
        </p>
      </div>
      <div className={styles.actions}>
        <button
          type="submit"
          className={`button button--gold ${styles.action}`}
          aria-disabled={sending || undefined}
        >
          {sending ? t('subscribing') : t('subscribe')}
        </button>
        <button type="button" className={`button button--ghost ${styles.action}`} onClick={decline}>
          {t('decline')}
        </button>
      </div>
    </form>
  );
}
