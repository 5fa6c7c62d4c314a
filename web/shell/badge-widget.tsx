import { useEffect, useRef, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { RootData } from '../lib/route-data';
import { useTranslation } from '../lib/translation';
import { useNearScreen } from '../lib/use-near-screen';
import styles from './badge-widget.module.css';

type Status = 'idle' | 'loading' | 'loaded' | 'failed';

/**
 * The tourist-information badge: an external script (BADGE_SCRIPT_URL) fills the container once
 * the footer comes near the screen (a visitor who never gets there does not load it). It never
 * blocks the page; if there is no URL, or the script fails or throws, the
 * container stays empty, and an empty container is not shown. The script learns the language from
 * its data-lang attribute and is inserted afresh when the language changes.
 */
export function BadgeWidget() {
  const root = useRouteLoaderData<RootData>('root');
  const url = root?.badgeScriptUrl ?? '';
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<Status>('idle');
  // The empty container has no box (see the CSS): watch its column.
  const near = useNearScreen(container, { parent: true });
  useEffect(() => {
    const element = container.current;
    if (!url || !element || !near) return;
    let failed = false;
    const fail = () => {
      failed = true;
      element.replaceChildren();
      setStatus('failed');
    };
    const script = document.createElement('script');
    script.async = true;
    script.src = url;
    script.dataset.lang = lang;
    // An error thrown by the widget itself is its own business: keep it off the page's error log.
    const onWindowError = (event: ErrorEvent) => {
      if (event.filename !== script.src) return;
      event.preventDefault();
      fail();
    };
    script.onload = () => {
      if (!failed) setStatus('loaded');
    };
    script.onerror = fail;
    window.addEventListener('error', onWindowError);
    setStatus('loading');
    document.body.append(script);
    return () => {
      script.onload = null;
      script.onerror = null;
      window.removeEventListener('error', onWindowError);
      script.remove();
    };
  }, [url, lang, near]);
  return (
    <div
      ref={container}
      className={styles.badge}
      data-tic-badge=""
      data-testid="tic-badge"
      data-status={status}
    />
  );
}
