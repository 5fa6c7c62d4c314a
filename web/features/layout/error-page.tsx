import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A page that could not be shown: 404 in the visitor's language, or the spec's generic heading. */
export function ErrorPage({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="container error-page">
      <h1>{notFound ? t('common.notFound') : 'Unexpected Application Error!'}</h1>
      {notFound && <p>{t('common.notFoundText')}</p>}
      <p>
        <Link className="button" to="/">
          {t('common.toHome')}
        </Link>
      </p>
    </section>
  );
}
