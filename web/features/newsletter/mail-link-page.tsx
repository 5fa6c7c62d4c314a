import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../lib/api-context';
import { LineIcon } from '../../lib/icons';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './mail-link-page.module.css';
import { followMailLink, type MailLinkAction, type MailLinkOutcome } from './mail-links';

type State = { kind: 'confirm' | 'working' | 'missing' } | MailLinkOutcome;

/**
 * /unsubscribe?token=... and /subscribe/confirm?token=...: asks, and acts only when the visitor
 * presses the button. Opening the link changes nothing: mail scanners and link previews open links,
 * some run the page's scripts too. (Mail clients unsubscribe in one click by POSTing to the
 * unsubscribe link itself, RFC 8058.)
 */
export function MailLinkPage({ action, token }: { action: MailLinkAction; token: string }) {
  const { t } = useTranslation('newsletter');
  const { api } = useApi();
  const [state, setState] = useState<State>({ kind: token ? 'confirm' : 'missing' });
  const heading = useRef<HTMLHeadingElement>(null);
  const answered = useRef(false);

  const confirm = async () => {
    if (state.kind === 'working') return;
    setState({ kind: 'working' });
    const outcome = await followMailLink(api, action, token);
    answered.current = true;
    setState(outcome);
  };

  // Once an answer is there, focus its heading (not on arrival: the page just loaded).
  useEffect(() => {
    if (answered.current && state.kind !== 'working') heading.current?.focus();
  }, [state]);

  const headline: Record<State['kind'], string> = {
    confirm: t(`${action}.confirmTitle`),
    working: t(`${action}.confirmTitle`),
    missing: t(`${action}.missingTitle`),
    done: t(`${action}.doneTitle`),
    used: t(`${action}.usedTitle`),
    unknown: t(`${action}.unknownTitle`),
    offline: t(`${action}.offlineTitle`),
    rateLimited: t(`${action}.rateLimitedTitle`),
  };
  const text =
    state.kind === 'done' ? t(`${action}.done`, { email: state.email }) : t(`${action}.${state.kind}`);
  const asking = state.kind === 'confirm' || state.kind === 'working';
  const good = state.kind === 'done' || state.kind === 'used';
  const canRetry = state.kind === 'offline' || state.kind === 'rateLimited';
  const tone = asking ? '' : good ? ` ${styles.good}` : ` ${styles.bad}`;

  return (
    <section className={`container ${styles.page}`} aria-labelledby="mail-link-title">
      <div className={`${styles.card}${tone}`} data-state={state.kind}>
        <span className={styles.icon} aria-hidden="true">
          {state.kind === 'working' ? (
            <span className={styles.spinner} />
          ) : (
            <LineIcon name="mail" size={28} />
          )}
        </span>
        <div className={styles.content} role="status" aria-live="polite">
          <h1 id="mail-link-title" ref={heading} className={styles.title} tabIndex={-1}>
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
              {t(`${action}.confirmButton`)}
            </button>
          )}
          {canRetry && (
            <button type="button" className="button button--gold" onClick={confirm}>
              {t(`${action}.retry`)}
            </button>
          )}
          {!asking && (
            <Link className="button" to="/news/list">
              {t(`${action}.toNews`)}
            </Link>
          )}
          <Link className="button button--ghost" to="/">
            {t(`${action}.toHome`)}
          </Link>
        </div>
      </div>
    </section>
  );
}
