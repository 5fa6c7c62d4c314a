import 'leaflet/dist/leaflet.css';
import { useQuery } from '@tanstack/react-query';
import type { LatLngBoundsExpression } from 'leaflet';
import { useState } from 'react';
import { Rectangle, TileLayer } from 'react-leaflet';
import { Lat, Lon } from '../../../common/content-fields';
import { RegionShapes } from '../../lib/map/region-shapes';

const bound = (s: unknown, key: 'minimum' | 'maximum') => Number((s as Record<string, unknown>)[key]);
/** The region's box: the coordinates a save accepts, the frame of an empty map. */
export const regionBox: LatLngBoundsExpression = [
  [bound(Lat, 'minimum'), bound(Lon, 'minimum')],
  [bound(Lat, 'maximum'), bound(Lon, 'maximum')],
];

/** The portal's tile server (/api/map/config/), or none: an empty url. */
export function useTiles() {
  return useQuery({
    queryKey: ['map-config'],
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const res = await fetch('/api/map/config/', { headers: { accept: 'application/json' } });
      if (!res.ok) return { url: '', attribution: '' };
      return ((await res.json()) as { tiles: { url: string; attribution: string } }).tiles;
    },
  }).data;
}

/**
 * Under the back office's point and line maps: the tiles when a server is configured and answers,
 * and always the region's districts and water as the public map draws them, so an editor places a
 * point by the districts and the coast when no tile server can be reached; the box a save accepts
 * is outlined.
 */
export function MapBase({ tiles }: { tiles: { url: string; attribution: string } | undefined }) {
  const [tilesShown, setTilesShown] = useState(false);
  return (
    <>
      {tiles?.url && (
        <TileLayer
          url={tiles.url}
          attribution={tiles.attribution}
          eventHandlers={{ tileload: () => setTilesShown(true) }}
        />
      )}
      <RegionShapes tilesShown={tilesShown} />
      <Rectangle bounds={regionBox} pathOptions={{ color: '#1565c0', weight: 1, fill: false }} />
    </>
  );
}
