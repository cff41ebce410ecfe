/** A place on the map pages: WGS-84 degrees and what to call it. */
export interface Place {
  latitude: number;
  longitude: number;
  name: string;
  address: string;
}

const inRange = (v: number, limit: number) => Number.isFinite(v) && Math.abs(v) <= limit;

/** The place a query names, or null when its coordinates are missing or out of range. */
export function placeOf(search: string): Place | null {
  const q = new URLSearchParams(search);
  const lat = q.get('latitude');
  const lng = q.get('longitude');
  if (!lat || !lng) return null;
  const latitude = Number(lat);
  const longitude = Number(lng);
  if (!inRange(latitude, 90) || !inRange(longitude, 180)) return null;
  return { latitude, longitude, name: q.get('name') ?? '', address: q.get('address') ?? '' };
}

/** The page to go back to with the chosen place added to its query (only paths of this site). */
export function withPlace(from: string, place: Place): string | null {
  if (!from.startsWith('/') || from[1] === '/' || from[1] === '\\') return null;
  const [path, query = ''] = from.split('?');
  const q = new URLSearchParams(query);
  q.set('latitude', place.latitude.toFixed(6));
  q.set('longitude', place.longitude.toFixed(6));
  q.set('name', place.name);
  q.set('address', place.address);
  return `${path}?${q}`;
}

/** The place in AMap's web marker page (opens the app where installed). */
export const amapLink = (place: Place) =>
  `https://uri.amap.com/marker?position=${place.longitude},${place.latitude}&name=${encodeURIComponent(place.name || place.address || '位置')}&coordinate=wgs84&callnative=1`;

export const formatCoord = (place: Place) =>
  `${place.latitude >= 0 ? '北纬' : '南纬'} ${Math.abs(place.latitude).toFixed(5)}°，${place.longitude >= 0 ? '东经' : '西经'} ${Math.abs(place.longitude).toFixed(5)}°`;
