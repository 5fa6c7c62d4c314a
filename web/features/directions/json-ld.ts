import type { DirectionT } from '../../../common/api';
import { absolute, compact, type Json } from '../../lib/json-ld';

/**
 * A district's page as schema.org structured data: the district as a tourist destination with
 * its administrative centre, where its page's facts say.
 */
export function directionJsonLd(d: DirectionT, ctx: { url: string; publicUrl: string }): Json {
  const share = d.seo?.img;
  const images = share ? [share, ...d.images.filter((src) => src !== share)] : d.images;
  return compact({
    '@context': 'https://schema.org',
    '@type': 'TouristDestination',
    '@id': `${ctx.url}#place`,
    // its search and sharing fields when set (decision 053), as its page's <head> says
    name: d.seo?.title || d.name,
    description: d.seo?.description || d.annotation || undefined,
    url: ctx.url,
    image: images.length ? images.map((src) => absolute(ctx.publicUrl, src)) : undefined,
    geo: { '@type': 'GeoCoordinates', latitude: d.lat, longitude: d.lon },
    containsPlace: d.admin_center ? { '@type': 'City', name: d.admin_center.name } : undefined,
  });
}
