import type { InfoPageT } from '../../../common/api';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { Picture } from '../picture/picture';
import styles from './info-page.module.css';
import { RichText } from './rich-text';

type Block = InfoPageT['blocks'][number];

function BlockView({ block, externalLabel }: { block: Block; externalLabel: string }) {
  switch (block.type) {
    case 'h':
      return <h2 className={styles.heading}>{block.text}</h2>;
    case 'p':
      return (
        <p className={styles.paragraph}>
          <RichText text={block.text} externalLabel={externalLabel} />
        </p>
      );
    case 'list':
      return (
        <ul className={styles.list}>
          {block.items.map((item) => (
            <li key={item}>
              <RichText text={item} externalLabel={externalLabel} />
            </li>
          ))}
        </ul>
      );
    case 'img':
      return (
        <figure className={`${styles.figure} picture-fallback`}>
          <Picture src={block.src} alt={block.caption ?? ''} sizes="(min-width: 1100px) 760px, 100vw" />
          {block.caption && <figcaption className={styles.caption}>{block.caption}</figcaption>}
        </figure>
      );
  }
}

export interface InfoPageViewProps {
  page: InfoPageT;
  /** The other information pages, for the "more about the region" list. */
  others: { slug: string; title: string; annotation: string }[];
}

/** An information page: its title, lead, picture and blocks, and links to the other pages. */
export function InfoPageView({ page, others }: InfoPageViewProps) {
  const { t } = useTranslation(['info', 'translation']);
  const externalLabel = t('externalLink');
  // The first picture is the page's hero; a block repeating it is not shown twice.
  const blocks = page.blocks.filter((b) => !(b.type === 'img' && b.src === page.img));
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
          {blocks.map((block, i) => (
            // Blocks are static content in a fixed order.
            // biome-ignore lint/suspicious/noArrayIndexKey: the order never changes
            <BlockView key={i} block={block} externalLabel={externalLabel} />
          ))}
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
