import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../../lib/api-context';
import styles from './feedback-form.module.css';

type View = 'form' | 'sending' | 'thanks';

/**
 * Name, phone, email and message, without validation (spec section 5). After sending, successful
 * or not, the form gives way to the thank-you view (spec section 4).
 */
export function FeedbackForm() {
  const { t } = useTranslation('layout');
  const { api, lang } = useApi();
  const id = useId();
  const thanks = useRef<HTMLParagraphElement>(null);
  const [view, setView] = useState<View>('form');
  useEffect(() => {
    if (view === 'thanks') thanks.current?.focus();
  }, [view]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view !== 'form') return;
    const data = new FormData(event.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    setView('sending');
    try {
      await api.post(
        '/api/auth/feedback/',
        { name: field('name'), phone: field('phone'), email: field('email'), message: field('message') },
        lang,
      );
    } catch {
      // The spec shows the same thank-you view when sending fails; the client has logged it.
    }
    setView('thanks');
  };

  if (view === 'thanks') {
    return (
      <p ref={thanks} className={styles.thanks} tabIndex={-1} role="status">
        {t('feedback.thanks')}
      </p>
    );
  }
  return (
    <form className={styles.form} noValidate onSubmit={submit}>
      <p className={styles.intro}>{t('feedback.intro')}</p>
      <label className={styles.field} htmlFor={`${id}-name`}>
        <span className={styles.label}>{t('feedback.name')}</span>
        <input id={`${id}-name`} className={styles.input} name="name" type="text" autoComplete="name" />
      </label>
      <label className={styles.field} htmlFor={`${id}-phone`}>
        <span className={styles.label}>{t('feedback.phone')}</span>
        <input id={`${id}-phone`} className={styles.input} name="phone" type="tel" autoComplete="tel" />
      </label>
      <label className={styles.field} htmlFor={`${id}-email`}>
        <span className={styles.label}>{t('feedback.email')}</span>
        <input id={`${id}-email`} className={styles.input} name="email" type="email" autoComplete="email" />
      </label>
      <label className={styles.field} htmlFor={`${id}-message`}>
        <span className={styles.label}>{t('feedback.message')}</span>
        <textarea id={`${id}-message`} className={styles.textarea} name="message" rows={5} />
      </label>
      <button type="submit" className={`button button--gold ${styles.submit}`} disabled={view === 'sending'}>
        {view === 'sending' ? t('feedback.sending') : t('feedback.submit')}
      </button>
    </form>
  );
}
