import type { SearchHitT, SearchSection } from '../../../common/api';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { formatDate, useLocale } from '../cards';
import { Picture } from '../picture/picture';
import { MarkedText } from './marked-text';
import styles from './search-page.module.css';

export function hitHref(section: SearchSection, id: number): string {
  return `/${section}/detail/${id}`;
}

/**
 * One result: picture, name and the snippet, with the matched words marked. A result found through
 * another language ("Vyborg" on the Russian page) shows that language's name under its own, marked,
 * with the language's code; a snippet from another language carries its `lang`.
 */
export function SearchHit({ hit, section }: { hit: SearchHitT; section: SearchSection }) {
  const locale = useLocale();
  const { t } = useTranslation('layout');
  const also = hit.alsoName;
  return (
    <li className={styles.hit}>
      <div className={`${styles.thumb} picture-fallback`}>
        <Picture
          src={hit.img}
          alt=""
          photo={hit.img_photo}
          sizes="(min-width: 700px) 160px, 96px"
          className={styles.thumbImage}
        />
      </div>
      <div className={styles.hitText}>
        {hit.date && <p className={styles.date}>{formatDate(hit.date, locale)}</p>}
        <h3 className={styles.hitTitle}>
          <Link to={hitHref(section, hit.id)} className={styles.hitLink}>
            <MarkedText text={hit.name} ranges={hit.highlights.name} />
          </Link>
        </h3>
        {also && (
          <p className={styles.alsoName}>
            <span className={styles.alsoLang} aria-hidden="true">
              {t(`language.${also.lang}.code`)}
            </span>
            <span className="visually-hidden" lang={also.lang}>
              {t(`language.${also.lang}.name`)}:
            </span>{' '}
            <span lang={also.lang}>
              <MarkedText text={also.name} ranges={also.highlights} />
            </span>
          </p>
        )}
        {hit.snippet && (
          <p className={styles.snippet} lang={hit.snippetLang}>
            <MarkedText text={hit.snippet} ranges={hit.highlights.snippet} />
          </p>
        )}
      </div>
    </li>
  );
}
