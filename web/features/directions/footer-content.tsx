import { useQuery } from '@tanstack/react-query';
import { queries } from '../../api/queries';
import { useApi } from '../../lib/api-context';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { formatDate, useLocale } from '../cards';
import { Picture } from '../picture/picture';
import styles from './footer-content.module.css';

/** Latest news, events and partners (desktop only; the page's loader has fetched them). */
export function FooterContent() {
  const { t } = useTranslation(['directions', 'translation']);
  const { api, lang } = useApi();
  const locale = useLocale();
  const { data } = useQuery(queries.footerContent(api, lang));
  if (!data) return null;
  return (
    <section className={styles.block} aria-labelledby="footer-content-title">
      <h2 id="footer-content-title" className="visually-hidden">
        {t('footer.title')}
      </h2>
      <div className={styles.column}>
        <h3 className={styles.heading}>{t('translation:sections.news')}</h3>
        <ul className={styles.list}>
          {data.news.map((n) => (
            <li key={n.id} className={styles.entry}>
              <Link to={`/news/detail/${n.id}`} className={styles.link}>
                {n.name}
              </Link>
              <time className={styles.date} dateTime={n.date}>
                {formatDate(n.date, locale)}
              </time>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.column}>
        <h3 className={styles.heading}>{t('translation:sections.events')}</h3>
        <ul className={styles.list}>
          {data.events.map((e) => (
            <li key={e.id} className={styles.entry}>
              <Link to={`/events/detail/${e.id}`} className={styles.link}>
                {e.name}
              </Link>
              <span className={styles.date}>{e.start_end_date.split(' ')[0]}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.column}>
        <h3 className={styles.heading}>{t('footer.partners')}</h3>
        <ul className={styles.partners}>
          {data.partners.map((p) => (
            <li key={p.id}>
              <a className={styles.partner} href={p.link} target="_blank" rel="noopener">
                <Picture src={p.logo} alt={p.name} sizes="160px" className={styles.logo} />
                <span className="visually-hidden">{t('footer.newTab')}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
