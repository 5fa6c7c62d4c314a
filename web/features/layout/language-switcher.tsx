import { useLocation } from 'react-router';
import { defaultLang, langTag, languages, normalizeLang } from '../../../common/languages';
import { searchWithLang } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './language-switcher.module.css';
import { useLanguageSwitch } from './use-language-switch';

/**
 * RU / EN / 中文. Links to the same address in each language (`lng`), so they work before
 * hydration; once hydrated the language changes in place, without a reload, on the same page.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation('layout');
  const current = normalizeLang(i18n.language) ?? defaultLang;
  const switchTo = useLanguageSwitch();
  const { pathname, search } = useLocation();
  const classes = [styles.switcher, className ?? ''].filter(Boolean).join(' ');
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of links, not a form's fieldset. A group, not a navigation landmark: the header and the menu both hold one, and three links to the same page in other languages are no part of the site's navigation
    <div role="group" className={classes} aria-label={t('language.label')}>
      <ul className={styles.list}>
        {languages.map((lng) => (
          <li key={lng}>
            <a
              className={styles.link}
              href={`${pathname}${searchWithLang(search, lng)}`}
              hrefLang={langTag(lng)}
              lang={langTag(lng)}
              aria-current={lng === current ? 'true' : undefined}
              onClick={(event) => {
                event.preventDefault();
                if (lng !== current) void switchTo(lng);
              }}
            >
              {t(`language.${lng}.code`)}
              <span className="visually-hidden"> {t(`language.${lng}.name`)}</span>
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
