import type { DehydratedState } from '@tanstack/react-query';
import type { LibraryPhotoT } from '../../../common/api';
import type { AnyDetail } from './detail-config';
import { nearbyInHtml } from './nearby';

// What of an item a server-rendered detail page's data carries: what its HTML shows, which is all
// the app needs to hydrate it. The data is the largest part of a page after its markup, and it held
// what no HTML shows: the nearby cards after those the carousel renders on the server, their
// pictures (which come with the app) and the pictures of a route's stops (the page shows the stops
// as a list and on the map, without pictures). The browser fetches the whole item (the API answer
// a client-side navigation uses) as the app starts.

/** A card's picture, which the HTML does not hold: an empty box of its size until the answer comes. */
const withoutPicture = <T extends { img: string | null; img_photo?: LibraryPhotoT }>({
  img_photo: _photo,
  ...rest
}: T) => ({ ...rest, img: null });

/** The item as its page's HTML shows it; the item itself when the page shows all of it. */
export function pageItem(item: AnyDetail): AnyDetail {
  if (!('nearby' in item)) return item;
  const nearby = item.nearby.slice(0, nearbyInHtml).map(withoutPicture);
  if (!('objects_along_the_way' in item)) return { ...item, nearby };
  return { ...item, nearby, objects_along_the_way: item.objects_along_the_way.map(withoutPicture) };
}

/**
 * A detail page's dehydrated queries with the item as its HTML shows it, marked stale
 * (`isInvalidated`): the server renders from this data, the browser hydrates the same, then its
 * query fetches the whole item as soon as the app starts.
 */
export function pageState(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      if (query.queryKey[0] !== 'detail' || query.state.data === undefined) return query;
      const data = pageItem(query.state.data as AnyDetail);
      if (data === query.state.data) return query;
      return { ...query, state: { ...query.state, data, isInvalidated: true } };
    }),
  };
}
