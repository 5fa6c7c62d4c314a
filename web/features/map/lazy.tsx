import { lazy, type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';
import { ensureStrings } from '../../lib/page-strings';
import { useNearScreen } from '../../lib/use-near-screen';
import type { PlaceMapProps, RouteMapProps, TripMapProps } from './small-maps';

// The maps render after hydration: their strings come with their code, if the page has not got them.
const withStrings = <T,>(load: Promise<T>) =>
  Promise.all([load, ensureStrings(['map', 'region-map'])]).then(([m]) => m);
// The map page's dates speak the events list's words (its quick dates).
const MapPageImpl = lazy(() =>
  Promise.all([withStrings(import('./map-page')), ensureStrings(['lists'])]).then(([m]) => m),
);
const PlaceMapImpl = lazy(() => withStrings(import('./small-maps')).then((m) => ({ default: m.PlaceMap })));
const RouteMapImpl = lazy(() => withStrings(import('./small-maps')).then((m) => ({ default: m.RouteMap })));
const TripMapImpl = lazy(() => withStrings(import('./small-maps')).then((m) => ({ default: m.TripMap })));

/**
 * Renders its children only in the browser, after hydration (the server and the first render show
 * `fallback`). The switch is a transition: React renders the map page in slices between the
 * browser's other work, where an update from an effect would render it in one long task.
 */
function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return mounted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

export function LazyMapPage({ fallback }: { fallback: ReactNode }) {
  return (
    <ClientOnly fallback={fallback}>
      <MapPageImpl />
    </ClientOnly>
  );
}

/**
 * The small map of a detail page: its place is held by a box of the same size, and the map code
 * (Leaflet, ~70 KB gzip) loads only when the box comes near the screen, so a page whose map is
 * never scrolled to never loads it.
 */
function WhenNearScreen({
  height,
  className,
  children,
}: {
  height: string;
  className: string | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearScreen(ref);
  const box = (
    <div
      ref={ref}
      className={`${className ?? ''} picture-fallback`}
      style={{ height }}
      data-map-placeholder=""
    />
  );
  return near ? <Suspense fallback={box}>{children}</Suspense> : box;
}

export function PlaceMap(props: PlaceMapProps) {
  return (
    <WhenNearScreen height={props.height ?? '320px'} className={props.className}>
      <PlaceMapImpl {...props} />
    </WhenNearScreen>
  );
}

export function RouteMap(props: RouteMapProps) {
  return (
    <WhenNearScreen height={props.height ?? '360px'} className={props.className}>
      <RouteMapImpl {...props} />
    </WhenNearScreen>
  );
}

/** The trip plan's map (only its page has one), loaded as the small maps are. */
export function TripMap(props: TripMapProps) {
  return (
    <WhenNearScreen height={props.height ?? '420px'} className={props.className}>
      <TripMapImpl {...props} />
    </WhenNearScreen>
  );
}
