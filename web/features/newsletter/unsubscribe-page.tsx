import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useApi } from '../../lib/api-context';
import { LineIcon } from '../../lib/icons';
import { type UnsubscribeOutcome, unsubscribe } from './unsubscribe';
import styles from './unsubscribe-page.module.css';

type State = { kind: 'confirm' | 'working' | 'missing' } | UnsubscribeOutcome;

/**
 * /unsubscribe?token=...: asks, and unsubscribes only when the visitor presses the button. Opening
 * the link changes nothing: mail scanners and link previews open links, some run the page's
 * scripts too. (Mail clients unsubscribe in one click by POSTing to the link itself, RFC 8058.)
 */
export function UnsubscribePage({ token }: { token: string }) {
  const { t } = useTranslation('newsletter');
  const { api } = useApi();
  const [state, setState] = useState<State>({ kind: token ? 'confirm' : 'missing' });
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = useRef(false);

  const confirm = async () => {
    if (state.kind === 'working') return;
    setState({ kind: 'working' });
    const outcome = await unsubscribe(api, token);
    answered.current = true;
    setState(outcome);
  };

  // Once an answer is there, focus its heading (not on arrival: the page just loaded).
  useEffect(() => {
    if (answered.current && state.kind !== 'working') heading.current?.focus();
  }, [state]);

  const headline: Record<State['kind'], string> = {
    confirm: t('unsubscribe.confirmTitle'),
    working: t('unsubscribe.confirmTitle'),
    missing: t('unsubscribe.missingTitle'),
    done: t('unsubscribe.doneTitle'),
    used: t('unsubscribe.usedTitle'),
    unknown: t('unsubscribe.unknownTitle'),
    offline: t('unsubscribe.offlineTitle'),
    rateLimited: t('unsubscribe.rateLimitedTitle'),
  };
  const text =
    state.kind === 'done' ? t('unsubscribe.done', { email: state.email }) : t(`unsubscribe.${state.kind}`);
  const asking = state.kind === 'confirm' || state.kind === 'working';
  const good = state.kind === 'done' || state.kind === 'used';
  const canRetry = state.kind === 'offline' || state.kind === 'rateLimited';
  const tone = asking ? '' : good ? ` ${styles.good}` : ` ${styles.bad}`;

  return (
    <section className={`container ${styles.page}`} aria-labelledby="unsubscribe-title">
      <div className={`${styles.card}${tone}`} data-state={state.kind}>
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
          {asking && (
            <button
              type="button"
              className="button button--gold"
              aria-disabled={state.kind === 'working' || undefined}
              onClick={confirm}
            >
              {t('unsubscribe.confirmButton')}
            </button>
          )}
          {canRetry && (
            <button type="button" className="button button--gold" onClick={confirm}>
              {t('unsubscribe.retry')}
            </button>
          )}
          {!asking && (
            <Link className="button" to="/news/list">
              {t('unsubscribe.toNews')}
            </Link>
          )}
          <Link className="button button--ghost" to="/">
            {t('unsubscribe.toHome')}
          </Link>
        </div>
      </div>
    </section>
  );
}
