import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { PathOptions } from 'leaflet';
import { useMemo } from 'react';
import { GeoJSON } from 'react-leaflet';
import shapesJson from '../../../content/data/district-shapes.json';

// The region drawn by the portal itself: its districts, Saint Petersburg and the water, from
// content/data/district-shapes.json. Every Leaflet map of the portal (the public map, the small
// maps, the back office's point and line maps) lays it under its markers: it is all one sees when
// no tile server can be reached, and a light tint over the tiles when one can.

export interface ShapeProps {
  id?: number;
  key: string;
  kind?: 'district' | 'city' | 'water';
  name?: { ru: string; en?: string; zh?: string };
  label?: [number, number];
}
export const regionShapes = shapesJson as unknown as FeatureCollection<Geometry, ShapeProps>;

const fills = ['#f4efe1', '#e6eedb', '#efe4d3', '#dfeae3', '#f1e8de'];

function styleOf(tilesShown: boolean) {
  return (feature?: Feature<Geometry, ShapeProps>): PathOptions => {
    const p = feature?.properties;
    if (p?.kind === 'district') {
      return {
        color: '#7d879b',
        weight: 1,
        fillColor: fills[(p.id ?? 0) % fills.length],
        fillOpacity: tilesShown ? 0.12 : 1,
      };
    }
    if (p?.key === 'saint-petersburg') {
      return { color: '#9a8f7c', weight: 1, fillColor: '#ddd4c4', fillOpacity: tilesShown ? 0.15 : 1 };
    }
    return { stroke: false, fillColor: '#a9cbe4', fillOpacity: tilesShown ? 0 : 1 };
  };
}

/** The region's geometry, opaque until tiles show (`tilesShown`), then a tint over them. */
export function RegionShapes({ tilesShown }: { tilesShown: boolean }) {
  const style = useMemo(() => styleOf(tilesShown), [tilesShown]);
  return <GeoJSON data={regionShapes} style={style} interactive={false} />;
}
