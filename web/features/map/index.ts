// The map feature, lazy: importing this module loads no map code. Leaflet, react-leaflet, the map
// page's worker (supercluster) and Leaflet's CSS arrive only when one of these components is
// rendered in the browser (never during server rendering: Leaflet needs `window`).
//
// Small maps for detail pages: render them anywhere inside the app (they need the
// ApiProvider for the tile URL, which every page has):
//
//   import { PlaceMap, RouteMap } from '../features/map';
//   <PlaceMap lat={place.lat} lon={place.lon} name={place.name} section="attractions" />
//   <RouteMap line={route.path} name={route.name} objects={route.objects_along_the_way} />
//
// Both take an optional `height` (CSS, default 320px / 360px) and `className`.

export { LazyMapPage, PlaceMap, RouteMap, TripMap } from './lazy';
export type { PlaceMapProps, RouteMapProps, TripMapGroup, TripMapProps } from './small-maps';
