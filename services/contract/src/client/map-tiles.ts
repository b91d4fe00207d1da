import { MAP_ZOOM } from '../directory-limits';

/** One XYZ tile of the map (Web Mercator, 256 px): what `GET /api/businesses/map/{z}/{x}/{y}` answers. */
export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

const MERCATOR_MAX_LATITUDE = 85.0511287798;

/** The tile column and row (fractional) of a point at a zoom. */
function tilePosition(lat: number, lng: number, zoom: number): { x: number; y: number } {
  const n = 2 ** zoom;
  const clamped = (Math.min(MERCATOR_MAX_LATITUDE, Math.max(-MERCATOR_MAX_LATITUDE, lat)) * Math.PI) / 180;
  return {
    x: ((lng + 180) / 360) * n,
    y: ((1 - Math.log(Math.tan(clamped) + 1 / Math.cos(clamped)) / Math.PI) / 2) * n,
  };
}

/**
 * The tiles covering a box of degrees at a whole zoom (within MAP_ZOOM), west to east then north to south. Longitudes
 * beyond ±180 (a map panned across the antimeridian) wrap; each tile comes once.
 */
export function tilesCovering(box: { west: number; south: number; east: number; north: number }, zoom: number): TileAddress[] {
  const z = Math.min(MAP_ZOOM.max, Math.max(MAP_ZOOM.min, Math.round(zoom)));
  const n = 2 ** z;
  const northWest = tilePosition(box.north, box.west, z);
  const southEast = tilePosition(box.south, box.east, z);
  const firstX = Math.floor(northWest.x);
  const lastX = Math.min(Math.floor(southEast.x), firstX + n - 1);
  const firstY = Math.max(0, Math.floor(northWest.y));
  const lastY = Math.min(n - 1, Math.floor(southEast.y));
  const tiles: TileAddress[] = [];
  const seen = new Set<number>();
  for (let column = firstX; column <= lastX; column++) {
    const x = ((column % n) + n) % n;
    if (seen.has(x)) continue;
    seen.add(x);
    for (let y = firstY; y <= lastY; y++) tiles.push({ z, x, y });
  }
  return tiles;
}
