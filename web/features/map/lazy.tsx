import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { PlaceMapProps, RouteMapProps } from './small-maps';

const MapPageImpl = lazy(() => import('./map-page'));
const PlaceMapImpl = lazy(() => import('./small-maps').then((m) => ({ default: m.PlaceMap })));
const RouteMapImpl = lazy(() => import('./small-maps').then((m) => ({ default: m.RouteMap })));

/** Renders its children only in the browser, after hydration (the server and the first render show `fallback`). */
function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

export function LazyMapPage({ fallback }: { fallback: ReactNode }) {
  return (
    <ClientOnly fallback={fallback}>
      <MapPageImpl />
    </ClientOnly>
  );
}

const box = (height: string | undefined, className: string | undefined, fallbackHeight: string) => (
  <div className={`${className ?? ''} picture-fallback`} style={{ height: height ?? fallbackHeight }} />
);

export function PlaceMap(props: PlaceMapProps) {
  return (
    <ClientOnly fallback={box(props.height, props.className, '320px')}>
      <PlaceMapImpl {...props} />
    </ClientOnly>
  );
}

export function RouteMap(props: RouteMapProps) {
  return (
    <ClientOnly fallback={box(props.height, props.className, '360px')}>
      <RouteMapImpl {...props} />
    </ClientOnly>
  );
}
