import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="site-header">
      <Link to="/" className="site-header__logo">
        {t('site.name')}
      </Link>
    </header>
  );
}
