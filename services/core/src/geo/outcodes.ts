import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

/**
 * Offline UK postcode district (outward code) lookup.
 * Data: ./uk-outcodes.csv — Contains OS data © Crown copyright and database right (see ./ATTRIBUTION.md).
 */

export interface OutcodeInfo {
  outcode: string;
  latitude: number;
  longitude: number;
  /** Hint only: sometimes blank or approximate. */
  town: string;
  /** Hint only: sometimes blank or approximate. */
  county: string;
  country: string;
}

export interface Coordinates {
  latitude: number;
  longitude: number;
}

// Beside this module: src/geo/ from source, dist/ in a bundle (services/tsup.config.ts copies it there).
const CSV_PATH = fileURLToPath(new URL('./uk-outcodes.csv', import.meta.url));

/** An outward code: area letters (1-2), a district digit, then an optional digit or letter (SW1A, M1, EH10, W1K). */
const OUTWARD_RE = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
/** The inward code: sector digit and two unit letters. */
const INWARD_RE = /^[0-9][A-Z]{2}$/;

let table: Map<string, OutcodeInfo> | null = null;

const COLUMNS = ['outcode', 'latitude', 'longitude', 'town', 'county', 'country'] as const;
type OutcodeRow = Record<(typeof COLUMNS)[number], string>;

/** The table of a CSV with the columns above (any order, more allowed): quoted fields may hold commas ("Douglas, Braddan"). */
export function parseOutcodesCsv(text: string): Map<string, OutcodeInfo> {
  const rows: OutcodeRow[] = parse(text, {
    columns: (header: string[]) => {
      const names = header.map((name) => name.trim().toLowerCase());
      const missing = COLUMNS.find((name) => !names.includes(name));
      if (missing) throw new Error(`uk-outcodes.csv: missing column "${missing}"`);
      return names;
    },
    skip_empty_lines: true,
    relax_column_count: true,
  });
  const map = new Map<string, OutcodeInfo>();
  for (const row of rows) {
    const outcode = (row.outcode ?? '').trim().toUpperCase();
    const latitude = Number(row.latitude);
    const longitude = Number(row.longitude);
    if (!outcode || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
    if (map.has(outcode)) continue;
    map.set(outcode, {
      outcode,
      latitude,
      longitude,
      town: (row.town ?? '').trim(),
      county: (row.county ?? '').trim(),
      country: (row.country ?? '').trim(),
    });
  }
  return map;
}

/** Every known outward code, loaded from the CSV on first use and kept in memory. */
export function outcodeTable(): ReadonlyMap<string, OutcodeInfo> {
  if (!table) table = parseOutcodesCsv(readFileSync(CSV_PATH, 'utf8'));
  return table;
}

/**
 * The outward code of a UK postcode, or of a bare district: uppercased, spaces removed.
 * 'SW1A 1AA' → 'SW1A', 'm1 1ae' → 'M1', 'EH1' → 'EH1'. Returns null when the value does not look like either.
 */
export function outcodeOf(postcode: string): string | null {
  if (typeof postcode !== 'string') return null;
  const compact = postcode.toUpperCase().replace(/\s+/g, '');
  if (!compact) return null;
  if (compact.length >= 5 && INWARD_RE.test(compact.slice(-3))) {
    const outward = compact.slice(0, -3);
    if (OUTWARD_RE.test(outward)) return outward;
  }
  if (OUTWARD_RE.test(compact)) return compact;
  return null;
}

/** The centre of the postcode's district, or null when the postcode is malformed or its district is unknown. */
export function lookupOutcode(postcode: string): Coordinates | null {
  const outcode = outcodeOf(postcode);
  if (!outcode) return null;
  const info = outcodeTable().get(outcode);
  return info ? { latitude: info.latitude, longitude: info.longitude } : null;
}
