/**
 * The constants the directory's list and map read on a page's first load: a module of their own (bundlers place a
 * module whole in one chunk), so that download does not carry the forms' limits and labels (limits.ts).
 */
export const DIRECTORY_LIMITS = {
  searchDebounceMs: 300,
  popupDescriptionLength: 80,
  listDescriptionLength: 120,
  unmappedBusinessesListed: 3,
} as const;

export const MAP_ZOOM = {
  min: 0,
  max: 20,
  /**
   * Clusters stop at this zoom; above it every business is its own marker, and businesses that share one point (a
   * postcode district centre) are spread apart.
   */
  clusterMaxZoom: 16,
} as const;

/** The map's XYZ tiles: 256 px Web Mercator tiles, each split into a grid of cells that cluster. */
export const MAP_TILES = {
  sizePx: 256,
  /** Cells per side of a tile's grid (a power of two): a cluster stands for one cell of 64 px. */
  cellsPerSide: 4,
  /** Above MAP_ZOOM.clusterMaxZoom a tile lists at most this many businesses, then says how many more are there. */
  businessesPerTile: 100,
} as const;
