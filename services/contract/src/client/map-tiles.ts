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

/**
 * The map's background: an XYZ tile URL template (`{z}`, `{x}`, `{y}`; `{s}` for subdomains, `{r}` for retina) and the
 * attribution its provider requires (HTML, shown by Leaflet's attribution control). Settings of the deployment
 * (MAP_TILE_URL, MAP_TILE_ATTRIBUTION), served in the shell's runtime config: OpenStreetMap's own tile servers allow
 * light use only (docs/decisions/0012-map.md).
 */
export interface MapTileSource {
  url: string;
  attribution: string;
}

export const DEFAULT_MAP_TILES: MapTileSource = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

const TILE_URL = /^https?:\/\/[^/?#\s]+\/\S*$/;

/** Why `url` is not a tile URL template, or null when it is one. */
export function tileUrlProblem(url: string): string | null {
  if (!TILE_URL.test(url)) return 'must be an http(s) URL';
  const missing = ['{z}', '{x}', '{y}'].filter((part) => !url.includes(part));
  return missing.length ? `must contain ${missing.join(', ')}` : null;
}

/** The origin the tiles come from, as a Content-Security-Policy source (`{s}` subdomains become `*`). */
export function tileOrigin(url: string): string {
  return (/^https?:\/\/[^/?#\s]+/.exec(url)?.[0] ?? '').replace(/\{s\}/g, '*');
}

/** The tile source of a runtime config as read by a browser: the default for anything missing or malformed. */
export function mapTileSourceOf(value: unknown): MapTileSource {
  const source = value as Partial<MapTileSource> | undefined;
  return typeof source?.url === 'string' && tileUrlProblem(source.url) === null && typeof source.attribution === 'string'
    ? { url: source.url, attribution: source.attribution }
    : DEFAULT_MAP_TILES;
}
