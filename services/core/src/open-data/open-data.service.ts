import { createHash, randomUUID } from 'node:crypto';
import { openDataAttribution, type OpenDataFormat } from '@zaytoon/contract';
import type { BusinessesRepository } from '../businesses/businesses.repository';
import { toBusiness } from '../businesses/business.mapper';
import type { BrandsRepository } from '../brands/brands.repository';
import { DomainError } from '../errors/domain-error';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import type { StorageRepository } from '../storage/storage.repository';
import { crc32Combine, deflatePiece, GZIP_HEADER, GZIP_OVERHEAD, gzipTrailer, type DeflatePiece } from './gzip-parts';
import type { OpenDataChangesRepository } from './open-data-changes.repository';
import type { OpenDataLockRepository } from './open-data-lock.repository';
import {
  csvHeader,
  csvRecord,
  GEOJSON_CLOSING,
  geoJsonFeature,
  geoJsonOpening,
  toOpenDataBusiness,
  type OpenDataBusiness,
  type OpenDataOrigin,
} from './open-data-files';

/** One stored piece of a file: its plain bytes and their deflate piece (gzip-parts.ts), a hash and the CRC-32 of the plain ones. */
export interface OpenDataPart {
  key: string;
  deflateKey: string;
  bytes: number;
  deflateBytes: number;
  hash: string;
  crc: number;
}

/** The businesses of one id range, in both formats. */
export interface OpenDataSegment {
  csv: OpenDataPart;
  geojson: OpenDataPart;
  builtAt: string;
}

/** What a file is as a whole: its sizes and ETag (weak: the same for both encodings, as the API's JSON answers). */
export interface OpenDataFile {
  bytes: number;
  gzipBytes: number;
  etag: string;
}

/**
 * What the builds wrote; the API answers from it. A file is its head (the CSV's header row, the GeoJSON's opening),
 * then its segments in id order (GeoJSON: with ',\n' between them), then (GeoJSON) the closing.
 */
export interface OpenDataManifest {
  /** Whole seconds, as Last-Modified carries them: the last build that changed anything. */
  builtAt: string;
  segmentSize: number;
  heads: Record<OpenDataFormat, OpenDataPart>;
  /** Only segments with at least one listed business, by segment number (ids segment * segmentSize …). */
  segments: Record<string, OpenDataSegment>;
  files: Record<OpenDataFormat, OpenDataFile>;
  /** Keys the build before used and this one replaced, kept until the next build for requests that read the old manifest. */
  previousKeys: string[];
}

/** A file as the API sends it: its validators, its length when known, and its bytes. */
export interface OpenDataAnswer {
  etag: string;
  builtAt: string;
  /** Null when removed businesses are being left out at read time (their segment rebuilt on the fly). */
  length: number | null;
  chunks: () => AsyncGenerator<Buffer>;
}

/** The worker's schedule: every 30 s, the segments that changed (a change is in the files within 2 minutes). */
export const OPEN_DATA_SCHEDULER_ID = 'build-open-data-every';
export const OPEN_DATA_REBUILD_EVERY_MS = 30 * 1000;

export const OPEN_DATA_FOLDER = 'open-data';
const MANIFEST_KEY = `${OPEN_DATA_FOLDER}/manifest.json`;
const FILE_PREFIX = `${OPEN_DATA_FOLDER}/businesses-`;
/** Businesses ids per segment: a segment is rebuilt (or left out at read time) as one. */
const SEGMENT_SIZE = 1000;
/** Segments one scheduled build rebuilds at most: its cost stays bounded whatever changed (the rest wait for the next). */
const MAX_SEGMENTS_PER_BUILD = 100;
/** Verification turns 'due' by the calendar, without a write: a segment older than a day is rebuilt anyway. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A killed worker's build lock frees itself after this; a running build renews it three times as often. */
const BUILD_LOCK_MS = 60_000;
/** How long an API process answers from the manifest and removals it read (a change is seen at most this late). */
const MANIFEST_MEMO_MS = 2_000;
/** Removed businesses left out at read time at most; a build takes segments with removals first. */
const MAX_REMOVED_AT_READ = 1000;
/** Retry-After while the first build runs. */
export const OPEN_DATA_RETRY_AFTER_SECONDS = 30;

const EXTENSIONS: Record<OpenDataFormat, string> = { csv: 'csv', geojson: 'geojson' };
const GEOJSON_SEPARATOR = ',\n';
const CONSTANT_PIECES = { separator: deflatePiece(Buffer.from(GEOJSON_SEPARATOR)), closing: deflatePiece(Buffer.from(GEOJSON_CLOSING)) };

const hashOf = (text: string | Buffer) => createHash('sha256').update(text).digest('base64url').slice(0, 27);
const segmentOf = (id: number) => Math.floor(id / SEGMENT_SIZE);

/**
 * The CSV and GeoJSON of every listed business, kept as segments of 1,000 ids.
 * A build rewrites only the segments whose businesses changed (open_data_changes), at most 100 a run, so its cost does
 * not grow with the table; the API sends the stored pieces in order, and leaves a removed business out at once by
 * rebuilding its segment from the database while the request runs, until the next build has rewritten it.
 */
export class OpenDataService {
  private memo: { manifest: OpenDataManifest | null; removed: number[]; readAt: string; until: number } | null = null;
  private readonly origin: OpenDataOrigin;

  constructor(
    private readonly businesses: BusinessesRepository,
    private readonly storage: StorageRepository,
    private readonly jobs: JobQueueRepository,
    site: { productName: string; publicOrigin: string },
    private readonly builder: { changes: OpenDataChangesRepository; brands: BrandsRepository; lock?: OpenDataLockRepository },
  ) {
    this.origin = { ...site, attribution: openDataAttribution(site.productName, site.publicOrigin) };
  }

  get attribution(): string {
    return this.origin.attribution;
  }

  /** The last build's manifest; null before the first build, or when it is of the whole-file builds before segments (built again). */
  async manifest(): Promise<OpenDataManifest | null> {
    const bytes = await this.storage.get(MANIFEST_KEY);
    const manifest = bytes ? (JSON.parse(bytes.toString('utf8')) as Partial<OpenDataManifest>) : null;
    return manifest?.segments && manifest.heads ? (manifest as OpenDataManifest) : null;
  }

  /**
   * A file as it stands for the API: the manifest and the removals read at most every 2 s (removals first, so a build
   * that swapped its manifest and forgot its removals in between is never read half). Before the first build, asks
   * for one and answers 503 with Retry-After.
   */
  async answer(format: OpenDataFormat, gzip: boolean): Promise<OpenDataAnswer> {
    const now = Date.now();
    if (!this.memo || this.memo.until <= now) {
      const removed = await this.builder.changes.removedIds(MAX_REMOVED_AT_READ);
      const readAt = new Date(Math.floor(now / 1000) * 1000).toISOString();
      this.memo = { removed, manifest: await this.manifest(), readAt, until: now + MANIFEST_MEMO_MS };
    }
    const { manifest, removed, readAt } = this.memo;
    if (!manifest) {
      await this.jobs.enqueue('buildOpenData', { reason: 'first-request' });
      throw new DomainError('unavailable', 'openDataNotReady', undefined, OPEN_DATA_RETRY_AFTER_SECONDS);
    }
    const live = new Set(removed.map(segmentOf).filter((segment) => manifest.segments[segment]));
    const file = manifest.files[format];
    return {
      etag: live.size ? `W/"${hashOf(`${file.etag} ${removed.join(',')}`)}"` : file.etag,
      // With removals left out, the file changed when they were read: an If-Modified-Since of the build is not fresh.
      builtAt: live.size ? readAt : manifest.builtAt,
      length: live.size ? null : gzip ? file.gzipBytes : file.bytes,
      chunks: () => this.chunks(manifest, format, gzip, live),
    };
  }

  /** The file's bytes; gzipped, one gzip member made of the parts' deflate pieces, its CRC-32 combined as they pass. */
  private async *chunks(manifest: OpenDataManifest, format: OpenDataFormat, gzip: boolean, live: Set<number>): AsyncGenerator<Buffer> {
    let crc = 0;
    let length = 0;
    const count = (piece: Pick<DeflatePiece, 'crc' | 'length'>) => {
      crc = crc32Combine(crc, piece.crc, piece.length);
      length += piece.length;
    };
    const fresh = (plain: Buffer) => {
      if (!gzip) return plain;
      const piece = deflatePiece(plain);
      count(piece);
      return piece.deflate;
    };
    if (gzip) yield GZIP_HEADER;
    yield* this.stored(manifest.heads[format], gzip, count);
    let first = true;
    const segments = Object.keys(manifest.segments)
      .map(Number)
      .sort((a, b) => a - b);
    for (const segment of segments) {
      const rendered = live.has(segment) ? await this.renderSegment(segment) : null;
      if (rendered && !rendered[format]) continue;
      if (format === 'geojson' && !first) yield fresh(Buffer.from(GEOJSON_SEPARATOR));
      first = false;
      if (rendered) yield fresh(Buffer.from(rendered[format]));
      else yield* this.stored(manifest.segments[segment][format], gzip, count);
    }
    if (format === 'geojson') yield fresh(Buffer.from(GEOJSON_CLOSING));
    if (gzip) yield gzipTrailer(crc, length);
  }

  private async *stored(part: OpenDataPart, gzip: boolean, count: (piece: Pick<DeflatePiece, 'crc' | 'length'>) => void): AsyncGenerator<Buffer> {
    if (gzip) count({ crc: part.crc, length: part.bytes });
    const stream = await this.storage.read(gzip ? part.deflateKey : part.key);
    if (!stream) throw new Error(`open data part ${part.key} is missing from storage`);
    for await (const chunk of stream) yield chunk as Buffer;
  }

  /** The listed businesses of one segment as they are now, in both formats ('' when it has none). */
  private async renderSegment(segment: number): Promise<Record<OpenDataFormat, string>> {
    const rows = await this.businesses.listPublicBetween(segment * SEGMENT_SIZE, segment * SEGMENT_SIZE + SEGMENT_SIZE - 1);
    const ids = rows.map((row) => row.id);
    const [alternatives, products] = await Promise.all([this.builder.brands.alternativesOf(ids), this.builder.brands.productSlugsOf(ids)]);
    const businesses: OpenDataBusiness[] = rows.map((row) => ({
      ...toOpenDataBusiness(toBusiness(row, false)),
      alternatives: alternatives.get(row.id) ?? [],
      palestinian_products: products.get(row.id) ?? [],
    }));
    return {
      csv: businesses.map((business) => csvRecord(business, this.origin)).join(''),
      geojson: businesses.map((business) => geoJsonFeature(business, this.origin)).join(GEOJSON_SEPARATOR),
    };
  }

  /**
   * The job: rebuilds the segments whose businesses changed (removals first, at most 100), or that are a day old;
   * every segment when there are no files yet. 'busy' when another worker's build runs: the changes it did not take
   * stay for the next run.
   */
  async rebuildIfChanged(): Promise<'built' | 'unchanged' | 'busy'> {
    const { lock, changes } = this.builder;
    const lockToken = lock ? await lock.acquire(BUILD_LOCK_MS) : 'unshared';
    if (!lockToken) return 'busy';
    const renewal = lock ? setInterval(() => void lock.renew(lockToken, BUILD_LOCK_MS).catch(() => {}), BUILD_LOCK_MS / 3) : undefined;
    const claim = randomUUID();
    try {
      const previous = await this.manifest();
      // Files built with other columns (before a field was added) are built again whole: every CSV row matches its header.
      const sameColumns = previous?.heads.csv.hash === hashOf(csvHeader());
      let segments: number[];
      if (previous && sameColumns) {
        segments = await changes.claimParts(claim, SEGMENT_SIZE, MAX_SEGMENTS_PER_BUILD);
        const stale = Object.entries(previous.segments)
          .filter(([segment, built]) => !segments.includes(Number(segment)) && Date.now() - Date.parse(built.builtAt) >= MAX_AGE_MS)
          .sort(([, a], [, b]) => a.builtAt.localeCompare(b.builtAt))
          .slice(0, Math.max(0, MAX_SEGMENTS_PER_BUILD - segments.length))
          .map(([segment]) => Number(segment));
        segments.push(...stale);
        if (segments.length === 0) return 'unchanged';
      } else {
        await changes.claimAll(claim);
        segments = Array.from({ length: segmentOf(await this.businesses.maxId()) + 1 }, (_, segment) => segment);
      }
      await this.build(segments, previous);
      await changes.deleteClaimed(claim);
      return 'built';
    } finally {
      clearInterval(renewal);
      if (lock) await lock.release(lockToken);
    }
  }

  /** Writes the given segments (and new heads) under new keys, then swaps the manifest: readers see the old files or the new ones. */
  private async build(segments: number[], previous: OpenDataManifest | null): Promise<OpenDataManifest> {
    const builtAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const buildId = `${builtAt.replace(/\D/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;
    const heads = {
      csv: await this.writePart(`${buildId}-head.csv`, csvHeader()),
      geojson: await this.writePart(`${buildId}-head.geojson`, geoJsonOpening(this.origin, builtAt)),
    };
    const kept = { ...(previous?.segments ?? {}) };
    for (const segment of segments) {
      const rendered = await this.renderSegment(segment);
      delete kept[segment];
      if (!rendered.csv) continue;
      kept[segment] = {
        csv: await this.writePart(`${buildId}-${segment}.${EXTENSIONS.csv}`, rendered.csv),
        geojson: await this.writePart(`${buildId}-${segment}.${EXTENSIONS.geojson}`, rendered.geojson),
        builtAt,
      };
    }
    const manifest: OpenDataManifest = {
      builtAt,
      segmentSize: SEGMENT_SIZE,
      heads,
      segments: kept,
      files: { csv: fileOf('csv', heads, kept), geojson: fileOf('geojson', heads, kept) },
      previousKeys: previous ? partKeys(previous).filter((key) => !partKeys({ heads, segments: kept }).includes(key)) : [],
    };
    await this.storage.put(MANIFEST_KEY, Buffer.from(JSON.stringify(manifest)));
    this.memo = null;
    await this.removeOlderFiles(manifest);
    return manifest;
  }

  private async writePart(name: string, text: string): Promise<OpenDataPart> {
    const plain = Buffer.from(text);
    const deflated = deflatePiece(plain);
    const key = `${FILE_PREFIX}${name}`;
    await this.storage.put(key, plain);
    await this.storage.put(`${key}.deflate`, deflated.deflate);
    return { key, deflateKey: `${key}.deflate`, bytes: plain.length, deflateBytes: deflated.deflate.length, hash: hashOf(plain), crc: deflated.crc };
  }

  private async removeOlderFiles(manifest: OpenDataManifest): Promise<void> {
    const keep = new Set([...partKeys(manifest), ...manifest.previousKeys]);
    const stored = await this.storage.list(FILE_PREFIX);
    await Promise.all(stored.filter((key) => !keep.has(key)).map((key) => this.storage.delete(key)));
  }
}

function partKeys(manifest: Pick<OpenDataManifest, 'heads' | 'segments'>): string[] {
  const parts = [...Object.values(manifest.heads), ...Object.values(manifest.segments).flatMap((segment) => [segment.csv, segment.geojson])];
  return parts.flatMap((part) => [part.key, part.deflateKey]);
}

/** A file's sizes and ETag, summed from its parts (the GeoJSON's separators and closing included). */
function fileOf(format: OpenDataFormat, heads: OpenDataManifest['heads'], segments: OpenDataManifest['segments']): OpenDataFile {
  const ordered = Object.keys(segments)
    .map(Number)
    .sort((a, b) => a - b)
    .map((segment) => segments[segment][format]);
  const parts = [heads[format], ...ordered];
  let bytes = parts.reduce((sum, part) => sum + part.bytes, 0);
  let gzipBytes = GZIP_OVERHEAD + parts.reduce((sum, part) => sum + part.deflateBytes, 0);
  if (format === 'geojson') {
    const separators = Math.max(0, ordered.length - 1);
    bytes += separators * GEOJSON_SEPARATOR.length + GEOJSON_CLOSING.length;
    gzipBytes += separators * CONSTANT_PIECES.separator.deflate.length + CONSTANT_PIECES.closing.deflate.length;
  }
  return { bytes, gzipBytes, etag: `W/"${hashOf(parts.map((part) => part.hash).join(' '))}"` };
}
