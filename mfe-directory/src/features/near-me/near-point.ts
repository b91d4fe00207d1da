/** 'Near me': the point the list is sorted from, as the URL keeps it. */
export interface NearPoint {
  lat: number;
  lng: number;
}

/**
 * Decimals the URL keeps of the point: two (about 1 km north-south, 0.7 km east-west in Britain), so a shared or
 * bookmarked link and the server's logs never hold a visitor's doorstep, while the order stays right at street scale.
 */
export const NEAR_DECIMALS = 2;

export function roundNear(point: NearPoint): NearPoint {
  const round = (value: number) => Number(value.toFixed(NEAR_DECIMALS));
  return { lat: round(point.lat), lng: round(point.lng) };
}

/** The `near` value of the URL and the API: `lat,lng`, rounded. */
export function nearParam(point: NearPoint): string {
  const { lat, lng } = roundNear(point);
  return `${lat},${lng}`;
}

/** A `near` value read back; null when it is not a point on Earth. */
export function parseNear(text: string | null): NearPoint | null {
  const match = /^(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)$/.exec(text?.trim() ?? '');
  if (!match) return null;
  const point = { lat: Number(match[1]), lng: Number(match[2]) };
  return Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180 ? roundNear(point) : null;
}

const EARTH_RADIUS_MILES = 3958.7613;

/** Great-circle miles (haversine), as the server computes the list's distances. */
export function milesBetween(a: NearPoint, b: NearPoint): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How a distance reads: one decimal of a mile; under 0.1 as 'under' (the point itself is rounded to about a
 * kilometre), and from 100 on in whole miles, where a tenth means nothing.
 */
export type DistanceWords = { kind: 'under' } | { kind: 'miles'; miles: number; decimals: 0 | 1 };

export function distanceWords(miles: number): DistanceWords {
  if (miles < 0.1) return { kind: 'under' };
  if (miles >= 100) return { kind: 'miles', miles: Math.round(miles), decimals: 0 };
  return { kind: 'miles', miles: Math.round(miles * 10) / 10, decimals: 1 };
}

/** 'Directions' to a business's public point: the phone's maps app (geo: URI), OpenStreetMap and Google Maps. */
export function directionsLinks(latitude: number, longitude: number) {
  const to = `${latitude},${longitude}`;
  return {
    geo: `geo:${to}?q=${to}`,
    openStreetMap: `https://www.openstreetmap.org/directions?to=${encodeURIComponent(to)}`,
    googleMaps: `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(to)}`,
  };
}
