import { MAP_TILES, MAP_ZOOM } from '@zaytoon/contract';

/** Bits of each Web Mercator axis in businesses.map_key (migration 018): keys interleave x and y (a Morton code). */
export const MAP_KEY_BITS = 28;
/** map_cells holds the cells of zooms 0 to this one (its levels 2-14, migration 018); deeper tiles aggregate the index. */
export const MAP_ROLLUP_MAX_ZOOM = 12;
const CELL_LEVELS = Math.log2(MAP_TILES.cellsPerSide);

function spreadBits(value: number): bigint {
  let spread = 0n;
  for (let bit = 0; bit < MAP_KEY_BITS; bit++) if ((value >> bit) & 1) spread |= 1n << BigInt(2 * bit);
  return spread;
}

/** The keys of one tile ([from, to)) and of its grid's cells: `map_key >> cellShift` is a key's cell at this zoom. */
export function tileKeys(z: number, x: number, y: number) {
  const code = spreadBits(x) | (spreadBits(y) << 1n);
  const shift = BigInt(2 * (MAP_KEY_BITS - z));
  const cellLevel = z + CELL_LEVELS;
  const cellShift = BigInt(2 * (MAP_KEY_BITS - cellLevel));
  const from = code << shift;
  const to = (code + 1n) << shift;
  return {
    from: from.toString(),
    to: to.toString(),
    cellLevel,
    cellShift: Number(cellShift),
    firstCell: (from >> cellShift).toString(),
    endCell: (to >> cellShift).toString(),
  };
}
export type TileKeys = ReturnType<typeof tileKeys>;

/**
 * The zoom a cluster of zoom z flies to when clicked: the first at which its businesses fall into more than one cell
 * (`splitZoom`, from the extent of their keys; null when they all share one point), from z + 1 up to the zoom where
 * every business is its own marker.
 */
export function expansionZoom(z: number, splitZoom: number | null): number {
  const allSingle = Math.min(MAP_ZOOM.clusterMaxZoom + 1, MAP_ZOOM.max);
  return Math.max(z + 1, Math.min(splitZoom ?? allSingle, allSingle));
}

/** SQL of the zoom at which keys from `min` to `max` first fall into two cells (null when they are one point). */
export const splitZoomSql = (min: string, max: string) =>
  `CASE WHEN ${min} <> ${max} THEN ${MAP_KEY_BITS - CELL_LEVELS} - (length(ltrim((${min} # ${max})::bit(64)::text, '0')) - 1) / 2 END`;

const SPREAD_STEP_PX = 22;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

/**
 * Businesses that share one point (a postcode district centre) would hide each other at every zoom:
 * above MAP_ZOOM.clusterMaxZoom they stand on a sunflower spiral around it, a marker's width apart.
 */
export function spreadAround(lat: number, lng: number, index: number, zoom: number): { lat: number; lng: number } {
  const radiusPx = SPREAD_STEP_PX * Math.sqrt(index + 0.5);
  const angle = index * GOLDEN_ANGLE;
  const degreesPerPx = 360 / (256 * 2 ** zoom);
  return {
    lat: lat + radiusPx * Math.sin(angle) * degreesPerPx * Math.cos((lat * Math.PI) / 180),
    lng: lng + radiusPx * Math.cos(angle) * degreesPerPx,
  };
}
