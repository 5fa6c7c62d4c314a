import { LazyMapPage } from '../features/map';
import { pageMeta } from '../lib/meta';
import { routeData } from '../lib/route-data';
import { useTranslation } from '../lib/translation';

// The interactive map. Its points come in one call from the browser (they are too many to inline
// into the HTML); the server renders the page's frame and title.
const data = routeData(
  () => [],
  (_, t) => ({ title: t('map:title'), description: t('map:description') }),
  ['map', 'region-map'],
);
export const loader = data.loader;
export const clientLoader = data.clientLoader;
export const meta = pageMeta;

export default function MapRoute() {
  const { t } = useTranslation('map');
  return (
    <>
      <h1 className="visually-hidden">{t('title')}</h1>
      <LazyMapPage
        fallback={
          <div className="map-loading">
            <p role="status">{t('loading')}</p>
          </div>
        }
      />
    </>
  );
}
