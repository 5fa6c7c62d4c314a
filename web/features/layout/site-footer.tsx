import { useTranslation } from 'react-i18next';

export function SiteFooter() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <p>
        © 2002–{new Date().getFullYear()} {t('site.name')}
      </p>
    </footer>
  );
}
