import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../lib/api-context';
import { LineIcon } from '../layout/icons';
import { type UnsubscribeOutcome, unsubscribeOnce } from './unsubscribe';
import styles from './unsubscribe-page.module.css';

type State = { kind: 'working' | 'missing' } | UnsubscribeOutcome;

/**
 * /unsubscribe?token=...: the server renders the "working" state (or "missing" when there is no
 * token); after hydration the browser POSTs the token once and says what happened.
 */
export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslation('newsletter');
  const { api } = useApi();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>(token ? { kind: 'working' } : { kind: 'missing' });
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (!token) {
      setState({ kind: 'missing' });
      return;
    }
    let current = true;
    setState({ kind: 'working' });
    void unsubscribeOnce(api, token, attempt).then((outcome) => {
      if (current) setState(outcome);
    });
    return () => {
      current = false;
    };
  }, [api, token, attempt]);

  // Once the answer is there, focus its heading (not on the first render: the page just loaded).
  useEffect(() => {
    if (state.kind === 'working') return;
    if (first.current && state.kind === 'missing') return;
    first.current = false;
    heading.current?.focus();
  }, [state]);

  const headline: Record<State['kind'], string> = {
    working: t('unsubscribe.title'),
    missing: t('unsubscribe.missingTitle'),
    done: t('unsubscribe.doneTitle'),
    used: t('unsubscribe.usedTitle'),
    unknown: t('unsubscribe.unknownTitle'),
    offline: t('unsubscribe.offlineTitle'),
    rateLimited: t('unsubscribe.rateLimitedTitle'),
  };
  const text =
    state.kind === 'done' ? t('unsubscribe.done', { email: state.email }) : t(`unsubscribe.${state.kind}`);
  const good = state.kind === 'done' || state.kind === 'used';
  const canRetry = state.kind === 'offline' || state.kind === 'rateLimited';
  const tone = state.kind === 'working' ? styles.working : good ? styles.good : styles.bad;

  return (
    <section className={`container ${styles.page}`} aria-labelledby="unsubscribe-title">
      <div className={`${styles.card} ${tone}`} data-state={state.kind}>
        <span className={styles.icon} aria-hidden="true">
          {state.kind === 'working' ? (
            <span className={styles.spinner} />
          ) : (
            <LineIcon name="mail" size={28} />
          )}
        </span>
        <div className={styles.content} role="status" aria-live="polite">
          <h1 id="unsubscribe-title" ref={heading} className={styles.title} tabIndex={-1}>
            {headline[state.kind]}
          </h1>
          <p className={styles.text}>{text}</p>
        </div>
        <div className={styles.actions}>
          {canRetry && (
            <button type="button" className="button button--gold" onClick={() => setAttempt((n) => n + 1)}>
              {t('unsubscribe.retry')}
            </button>
          )}
          {state.kind !== 'working' && (
            <>
              <Link className="button" to="/news/list">
                {t('unsubscribe.toNews')}
              </Link>
              <Link className="button button--ghost" to="/">
                {t('unsubscribe.toHome')}
              </Link>
            </>
          )}
        </div>
      </div>
    </section>
  );
}
