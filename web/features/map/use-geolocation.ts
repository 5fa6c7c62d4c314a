import { useCallback, useState } from 'react';

export type GeoState = 'idle' | 'asking' | 'found' | 'denied';

/** The visitor's place, asked once they press "near me"; `onFound` runs when it comes. */
export function useGeolocation(onFound: (at: [number, number]) => void) {
  const [me, setMe] = useState<[number, number] | null>(null);
  const [geo, setGeo] = useState<GeoState>('idle');
  const ask = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setGeo('denied');
      return;
    }
    setGeo('asking');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        const at: [number, number] = [p.coords.latitude, p.coords.longitude];
        setMe(at);
        setGeo('found');
        onFound(at);
      },
      () => setGeo('denied'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }, [onFound]);
  return { me, geo, ask };
}
