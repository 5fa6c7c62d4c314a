import type { InfoPageT } from '../../../common/api';
import { mediaUrl } from '../../../common/media';
import { Picture } from '../../components/picture/picture';
import { RichDocument } from '../../components/rich-text/rich-document';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './info-page.module.css';

export interface InfoPageViewProps {
  page: InfoPageT;
  /** The other information pages, for the "more about the region" list. */
  others: { slug: string; title: string; annotation: string }[];
}

/** An information page: its title, lead, picture and body (a rich text), and links to the other pages. */
export function InfoPageView({ page, others }: InfoPageViewProps) {
  const { t } = useTranslation(['info', 'translation']);
  // The first picture is the page's hero; a picture of the body repeating it is not shown twice.
  const body = {
    ...page.body_doc,
    content: page.body_doc.content.filter((b) => !(b.type === 'image' && mediaUrl(b.attrs.src) === page.img)),
  };
  return (
    <article className={`container ${styles.page}`} aria-labelledby="info-title">
      <nav aria-label={t('breadcrumbs')} className={styles.crumbs}>
        <ol>
          <li>
            <Link to="/">{t('translation:nav.home')}</Link>
          </li>
          <li>
            <span>{t('translation:nav.about')}</span>
          </li>
        </ol>
      </nav>
      <header className={styles.header}>
        <h1 id="info-title" className={styles.title}>
          {page.title}
        </h1>
        {page.annotation && <p className={styles.lead}>{page.annotation}</p>}
      </header>
      <div className={styles.layout}>
        <div className={styles.body}>
          {page.img && (
            <div className={`${styles.hero} picture-fallback`}>
              <Picture src={page.img} alt="" sizes="(min-width: 1100px) 760px, 100vw" priority />
            </div>
          )}
          <div className={styles.text}>
            <RichDocument doc={body} externalLabel={t('externalLink')} />
          </div>
        </div>
        {others.length > 0 && (
          <aside className={styles.aside} aria-labelledby="info-more">
            <h2 id="info-more" className={styles.asideTitle}>
              {t('more')}
            </h2>
            <ul className={styles.more}>
              {others.map((other) => (
                <li key={other.slug}>
                  <Link to={`/${other.slug}`} className={styles.moreLink}>
                    <span className={styles.moreTitle}>{other.title}</span>
                    <span className={styles.moreText}>{other.annotation}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
    </article>
  );
}
