import type { MainPageT } from '../../../common/api';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import { Picture } from '../picture/picture';
import styles from './hero.module.css';

/** The title, description and button of the main page on its cover picture (the LCP image). */
export function Hero({ main }: { main: MainPageT }) {
  const { t } = useTranslation();
  const internal = main.buttom_link.startsWith('/');
  const buttonClass = `button button--gold ${styles.button}`;
  return (
    <section className={styles.hero}>
      <div className={`${styles.media} picture-fallback`}>
        <Picture src={main.img} alt="" sizes="100vw" priority className={styles.image} />
      </div>
      <div className={`container ${styles.content}`}>
        <p className={styles.eyebrow}>{t('site.tagline')}</p>
        <h1 className={styles.title}>{main.title}</h1>
        <p className={styles.description}>{main.description}</p>
        {main.button_label &&
          (internal ? (
            <Link to={main.buttom_link} className={buttonClass}>
              {main.button_label}
            </Link>
          ) : (
            <a href={main.buttom_link} className={buttonClass}>
              {main.button_label}
            </a>
          ))}
      </div>
    </section>
  );
}
