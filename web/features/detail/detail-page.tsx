import type { EventDetailT, RouteDetailT } from '../../../common/api';
import { tripKey } from '../../../common/sections';
import { localizedUrl } from '../../../common/urls';
import { formatDate, formatDateRange, formatDayMonth, formatNumber, useLocale } from '../../components/cards';
import { RichDocument } from '../../components/rich-text/rich-document';
import { SaveButton } from '../../components/saved/save-button';
import { useApi } from '../../lib/api-context';
import { breadcrumbJsonLd, JsonLd, usePageAddress } from '../../lib/json-ld';
import { Link } from '../../lib/links';
import { mapPageHref } from '../../lib/map/map-data';
import { useTranslation } from '../../lib/translation';
import { PlaceMap, RouteMap } from '../map';
import { Breadcrumbs, type Crumb } from './breadcrumbs';
import { type AnyDetail, type DetailSection, detailConfig, type Formatters, nearbyOf } from './detail-config';
import styles from './detail-page.module.css';
import { Directions } from './directions-links';
import { Facts } from './facts';
import { Gallery } from './gallery';
import { DetailIcon } from './icons';
import { detailJsonLd } from './json-ld';
import { Nearby } from './nearby';
import { ShareLinks } from './share-links';

function RouteObjects({ route }: { route: RouteDetailT }) {
  const { t } = useTranslation('detail');
  if (route.objects_along_the_way.length === 0) return null;
  return (
    <section className={styles.block} aria-labelledby="detail-objects-title">
      <h2 id="detail-objects-title" className={styles.sectionTitle}>
        {t('objects.title')}
      </h2>
      <ol className={styles.objects}>
        {route.objects_along_the_way.map((o) => (
          <li key={o.id} className={styles.object}>
            <Link to={`/attractions/detail/${o.id}`}>{o.name}</Link>
            {o.type && <span className={styles.objectType}>{o.type.name}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Download({ section, item, lang }: { section: DetailSection; item: AnyDetail; lang: string }) {
  const { t } = useTranslation('detail');
  const kind = detailConfig[section].download;
  if (!kind) return null;
  const href =
    kind === 'gpx' ? `/api/routes/${item.id}/gpx/?lng=${lang}` : `/api/events/${item.id}/ics/?lng=${lang}`;
  return (
    <p className={styles.download}>
      <a className="button button--gold" href={href} download data-download={kind}>
        <DetailIcon name={kind === 'gpx' ? 'download' : 'calendar'} />
        {t(`download.${kind}`)}
      </a>
      <span className={styles.downloadHint}>{t(`download.${kind}Hint`)}</span>
    </p>
  );
}

function ItemMap({ section, item }: { section: DetailSection; item: AnyDetail }) {
  const { t } = useTranslation('detail');
  const { lang } = useApi();
  const config = detailConfig[section];
  if (!config.map) return null;
  let map: React.ReactNode;
  let href: string;
  /** Where "get directions" leads: the place, or the start of a route. */
  let target: [number, number] | undefined;
  if (config.map === 'route') {
    const route = item as RouteDetailT;
    if (route.path.length < 2) return null;
    map = (
      <RouteMap
        line={route.path as [number, number][]}
        name={route.name}
        objects={route.objects_along_the_way}
        className={styles.map}
      />
    );
    href = mapPageHref('routes', route.id);
    target = route.path[0] as [number, number];
  } else {
    const place = item as EventDetailT;
    const mapSection = config.mapSection ?? 'attractions';
    map = (
      <PlaceMap
        lat={place.lat}
        lon={place.lon}
        name={place.name}
        section={mapSection}
        className={styles.map}
      />
    );
    href = mapPageHref(mapSection, place.id, { lat: place.lat, lon: place.lon });
    target = [place.lat, place.lon];
  }
  return (
    <section className={styles.block} aria-labelledby="detail-map-title">
      <h2 id="detail-map-title" className={styles.sectionTitle}>
        {t(config.map === 'route' ? 'map.route' : 'map.place')}
      </h2>
      {map}
      <p className={styles.mapLink}>
        <Link to={href} data-map-link>
          <DetailIcon name="pin" className={styles.mapIcon} />
          {t(config.map === 'route' ? 'map.openRoute' : 'map.open')}
        </Link>
      </p>
      {target && (
        <Directions
          lat={target[0]}
          lon={target[1]}
          name={item.name}
          lang={lang}
          toStart={config.map === 'route'}
        />
      )}
    </section>
  );
}

export interface DetailPageProps {
  section: DetailSection;
  item: AnyDetail;
  /** The page's public address when it is shown elsewhere (the staff's preview): its links and JSON-LD name it. */
  path?: string;
}

/** A detail page of any section, driven by detailConfig. */
export function DetailPage({ section, item, path }: DetailPageProps) {
  const { t } = useTranslation(['detail', 'translation']);
  const locale = useLocale();
  const { publicUrl, lang, url } = usePageAddress(path);
  const config = detailConfig[section];
  const f: Formatters = {
    t: (key, options) => t(key, options) as string,
    date: (iso) => formatDate(iso, locale),
    dateRange: (start, end) => formatDateRange(start, end, locale),
    number: (value, digits) => formatNumber(value, locale, digits),
    dayMonth: (date) => formatDayMonth(date, locale),
  };
  const sectionName = t(`translation:sections.${section}`);
  const crumbs: Crumb[] = [
    { name: t('translation:nav.home'), to: '/' },
    { name: sectionName, to: `/${section}/list` },
    { name: item.name },
  ];
  const siteName = t('translation:site.name');
  const saveKey = path ? null : tripKey(section, item.id);
  return (
    <article className={`container ${styles.page}`} aria-labelledby="detail-title" data-section={section}>
      <JsonLd data={detailJsonLd(item, { section, url, publicUrl, lang, siteName, f })} />
      <JsonLd
        data={breadcrumbJsonLd(
          crumbs.map((c) => ({ name: c.name, url: c.to ? localizedUrl(publicUrl, c.to, lang) : url })),
        )}
      />
      <Breadcrumbs crumbs={crumbs} />
      <header className={styles.header}>
        <p className={styles.overline}>{sectionName}</p>
        <h1 id="detail-title" className={styles.title}>
          {item.name}
        </h1>
        {item.annotation && <p className={styles.lead}>{item.annotation}</p>}
        {saveKey && <SaveButton itemKey={saveKey} name={item.name} withLabel className={styles.save} />}
      </header>
      <div className={styles.layout}>
        <div className={styles.gallery}>
          <Gallery images={item.images} name={item.name} photos={item.image_photos} />
        </div>
        <aside className={styles.aside} aria-label={t('aside')}>
          <section className={styles.card} aria-labelledby="detail-facts-title">
            <h2 id="detail-facts-title" className={styles.asideTitle}>
              {t('factsTitle')}
            </h2>
            <Facts item={item} facts={config.facts} f={f} />
            <Download section={section} item={item} lang={lang} />
          </section>
          <ShareLinks url={url} title={item.name} />
        </aside>
        <div className={styles.main}>
          <section className={styles.description} aria-label={t('description')}>
            <RichDocument doc={item.description_doc} externalLabel={t('externalLink')} />
          </section>
          {section === 'routes' && <RouteObjects route={item as RouteDetailT} />}
          <ItemMap section={section} item={item} />
        </div>
      </div>
      <Nearby items={nearbyOf(item)} />
    </article>
  );
}
