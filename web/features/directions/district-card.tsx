import type { ReactNode } from 'react';
import type { DirectionT } from '../../../common/api';
import { formatNumber, useLocale } from '../../components/cards';
import { Picture } from '../../components/picture/picture';
import { RichDocument } from '../../components/rich-text/rich-document';
import { Link } from '../../lib/links';
import { useTranslation } from '../../lib/translation';
import styles from './district-card.module.css';

export interface DistrictCardProps {
  direction: DirectionT;
  /** h1 on the district's own page, h2 on the directions page. */
  headingLevel?: 1 | 2;
  /** Show the link to the district's page. */
  detailLink?: boolean;
  /** The above-the-fold picture of the page. */
  priority?: boolean;
  /** Extra controls at the bottom of the card (e.g. the switch to other districts). */
  footer?: ReactNode;
}

/** A district: picture, name, annotation, key facts and description. */
export function DistrictCard({
  direction,
  headingLevel = 2,
  detailLink = false,
  priority = false,
  footer,
}: DistrictCardProps) {
  const { t } = useTranslation('directions');
  const locale = useLocale();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <article className={styles.card} aria-labelledby={`district-${direction.id}-name`}>
      <div className={`${styles.media} picture-fallback`}>
        <Picture
          src={direction.img}
          alt={direction.name}
          sizes="(min-width: 1340px) 540px, (min-width: 1100px) 40vw, 100vw"
          priority={priority}
          className={styles.image}
        />
      </div>
      <div className={styles.body}>
        <Heading id={`district-${direction.id}-name`} className={styles.name}>
          {direction.name}
        </Heading>
        <p className={styles.annotation}>{direction.annotation}</p>
        <dl className={styles.facts}>
          {direction.admin_center && (
            <div className={styles.fact}>
              <dt>{t('card.adminCenter')}</dt>
              <dd>{direction.admin_center.name}</dd>
            </div>
          )}
          {direction.area_km2 != null && (
            <div className={styles.fact}>
              <dt>{t('card.area')}</dt>
              <dd>{t('card.areaValue', { value: formatNumber(direction.area_km2, locale, 0) })}</dd>
            </div>
          )}
          {direction.population != null && (
            <div className={styles.fact}>
              <dt>{t('card.population')}</dt>
              <dd>{t('card.populationValue', { value: formatNumber(direction.population, locale, 0) })}</dd>
            </div>
          )}
        </dl>
        <div className={styles.description}>
          <RichDocument doc={direction.description_doc} externalLabel={t('externalLink')} headingLevel={3} />
        </div>
        {detailLink && (
          <p className={styles.more}>
            <Link className="button" to={`/directions/detail/${direction.id}`}>
              {t('card.more')}
              <span className="visually-hidden">: {direction.name}</span>
            </Link>
          </p>
        )}
        {footer}
      </div>
    </article>
  );
}
