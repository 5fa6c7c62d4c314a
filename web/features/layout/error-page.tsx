import { useLocation } from 'react-router';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';

/**
 * A page that could not be shown, in the visitor's language: 404, 410 (removed by the editors), the site being unavailable for a
 * moment (503: the database is down), or the generic heading (`common.error`) for anything else.
 */
export function ErrorPage({ status }: { status: number }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const heading =
    status === 404
      ? t('common.notFound')
      : status === 410
        ? t('common.gone')
        : status === 503
          ? t('common.unavailable')
          : t('common.error');
  const text =
    status === 404
      ? t('common.notFoundText')
      : status === 410
        ? t('common.goneText')
        : status === 503
          ? t('common.unavailableText')
          : '';
  return (
    <section className="container error-page">
      <h1>{heading}</h1>
      {text && <p>{text}</p>}
      <p className="error-page__actions">
        {status === 503 && (
          <Link className="button" to={`${pathname}${search}`}>
            {t('common.retry')}
          </Link>
        )}
        <Link className={status === 503 ? 'button button--ghost' : 'button'} to="/">
          {t('common.toHome')}
        </Link>
      </p>
    </section>
  );
}
