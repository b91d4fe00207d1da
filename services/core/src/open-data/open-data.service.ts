import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { openDataAttribution, type OpenDataFormat } from '@zaytoon/contract';
import type { BusinessesRepository } from '../businesses/businesses.repository';
import { toBusiness } from '../businesses/business.mapper';
import { DomainError } from '../errors/domain-error';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import type { StorageRepository } from '../storage/storage.repository';
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

/** One built file: its stored bytes, plain and gzipped, and its ETag (weak: the same for both encodings, as the API's JSON answers). */
export interface OpenDataFile {
  key: string;
  gzipKey: string;
  bytes: number;
  gzipBytes: number;
  etag: string;
}

/** What the last build wrote; the API answers from it without reading the database. */
export interface OpenDataManifest {
  /** The directory's version (any business write moves it on) the build started from. */
  sourceVersion: string | null;
  /** Whole seconds, as Last-Modified carries them. */
  builtAt: string;
  files: Record<OpenDataFormat, OpenDataFile>;
  /** Keys of the build before, kept until the next one: a request that read the old manifest still finds its file. */
  previousKeys: string[];
}

/** Where the directory's version is read (DirectoryVersionRepository). */
export interface DirectoryVersionSource {
  current(): Promise<string>;
}

/** The worker's schedule: every 10 minutes, a build if anything changed (issue #16: 'at most every 10 minutes'). */
export const OPEN_DATA_SCHEDULER_ID = 'build-open-data-every';
export const OPEN_DATA_REBUILD_EVERY_MS = 10 * 60 * 1000;

export const OPEN_DATA_FOLDER = 'open-data';
const MANIFEST_KEY = `${OPEN_DATA_FOLDER}/manifest.json`;
const FILE_PREFIX = `${OPEN_DATA_FOLDER}/businesses-`;
const PAGE_SIZE = 1000;
/** Verification turns 'due' by the calendar, without a write: files older than a day are rebuilt anyway. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A killed worker's build lock frees itself after this; a running build renews it three times as often. */
const BUILD_LOCK_MS = 60_000;
/** How long an API process answers from the manifest it read (a new build is seen at most this late). */
const MANIFEST_MEMO_MS = 2_000;
/** Retry-After while the first build runs. */
export const OPEN_DATA_RETRY_AFTER_SECONDS = 30;

const EXTENSIONS: Record<OpenDataFormat, string> = { csv: 'csv', geojson: 'geojson' };

/** Counts the bytes of a stream of chunks and hashes them as they pass. */
class Tally {
  bytes = 0;
  private readonly hash = createHash('sha256');

  async *through(chunks: AsyncIterable<Buffer | string>): AsyncGenerator<Buffer> {
    for await (const chunk of chunks) {
      const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      this.bytes += buffer.length;
      this.hash.update(buffer);
      yield buffer;
    }
  }

  etag(): string {
    return `W/"${this.hash.digest('base64url').slice(0, 27)}"`;
  }
}

/**
 * Issue #16 point 1: the CSV and GeoJSON of every listed business, built by a job (a page of rows at a time, streamed
 * to storage, never the whole table in memory) and served from storage by the API at no database cost per request.
 */
export class OpenDataService {
  private memo: { manifest: OpenDataManifest | null; until: number } | null = null;
  private readonly origin: OpenDataOrigin;

  constructor(
    private readonly businesses: BusinessesRepository,
    private readonly storage: StorageRepository,
    private readonly jobs: JobQueueRepository,
    site: { productName: string; publicOrigin: string },
    private readonly builder: { versions?: DirectoryVersionSource; lock?: OpenDataLockRepository } = {},
  ) {
    this.origin = { ...site, attribution: openDataAttribution(site.productName, site.publicOrigin) };
  }

  get attribution(): string {
    return this.origin.attribution;
  }

  async manifest(): Promise<OpenDataManifest | null> {
    const bytes = await this.storage.get(MANIFEST_KEY);
    return bytes ? (JSON.parse(bytes.toString('utf8')) as OpenDataManifest) : null;
  }

  /**
   * The current files for the API: the manifest read at most every 2 s. Before the first build, asks for one and
   * answers 503 with Retry-After.
   */
  async current(): Promise<OpenDataManifest> {
    const now = Date.now();
    if (!this.memo || this.memo.until <= now) this.memo = { manifest: await this.manifest(), until: now + MANIFEST_MEMO_MS };
    if (this.memo.manifest) return this.memo.manifest;
    await this.jobs.enqueue('buildOpenData', { reason: 'first-request' });
    throw new DomainError('unavailable', 'openDataNotReady', undefined, OPEN_DATA_RETRY_AFTER_SECONDS);
  }

  /** The stored bytes of a file (null if a later build removed them meanwhile). */
  open(key: string): Promise<Readable | null> {
    return this.storage.read(key);
  }

  /**
   * The job: builds when a business changed since the last build (or it is a day old, or there is none). 'busy'
   * when another worker's build runs: a change it missed is seen by the next run, as its version differs.
   */
  async rebuildIfChanged(): Promise<'built' | 'unchanged' | 'busy'> {
    const { lock } = this.builder;
    const token = lock ? await lock.acquire(BUILD_LOCK_MS) : 'unshared';
    if (!token) return 'busy';
    const renewal = lock ? setInterval(() => void lock.renew(token, BUILD_LOCK_MS).catch(() => {}), BUILD_LOCK_MS / 3) : undefined;
    try {
      const [manifest, sourceVersion] = await Promise.all([this.manifest(), this.sourceVersion()]);
      const fresh = manifest && Date.now() - Date.parse(manifest.builtAt) < MAX_AGE_MS;
      if (fresh && manifest.sourceVersion === sourceVersion) return 'unchanged';
      await this.build(sourceVersion, manifest);
      return 'built';
    } finally {
      clearInterval(renewal);
      if (lock) await lock.release(token);
    }
  }

  private async sourceVersion(): Promise<string | null> {
    return this.builder.versions ? this.builder.versions.current() : null;
  }

  /** Writes both files under new keys, then swaps the manifest: readers see the old files or the new ones. */
  async build(sourceVersion: string | null = null, previous: OpenDataManifest | null = null): Promise<OpenDataManifest> {
    const builtAt = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
    const buildId = `${builtAt.replace(/\D/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;
    const files = {
      csv: await this.writeFile('csv', buildId, this.csvChunks()),
      geojson: await this.writeFile('geojson', buildId, this.geoJsonChunks(builtAt)),
    };
    const previousKeys = previous ? Object.values(previous.files).flatMap((file) => [file.key, file.gzipKey]) : [];
    const manifest: OpenDataManifest = { sourceVersion, builtAt, files, previousKeys };
    await this.storage.put(MANIFEST_KEY, Buffer.from(JSON.stringify(manifest)));
    this.memo = null;
    await this.removeOlderFiles(manifest);
    return manifest;
  }

  private async writeFile(format: OpenDataFormat, buildId: string, chunks: AsyncIterable<string>): Promise<OpenDataFile> {
    const key = `${FILE_PREFIX}${buildId}.${EXTENSIONS[format]}`;
    const gzipKey = `${key}.gz`;
    const plain = new Tally();
    await this.storage.putStream(key, plain.through(chunks));
    const stored = await this.storage.read(key);
    if (!stored) throw new Error(`open data: ${key} vanished while it was compressed`);
    const gzipped = new Tally();
    await this.storage.putStream(gzipKey, gzipped.through(stored.pipe(createGzip({ level: 9 }))));
    return { key, gzipKey, bytes: plain.bytes, gzipBytes: gzipped.bytes, etag: plain.etag() };
  }

  /** Every listed business in id order, a page of rows at a time. */
  private async *pages(): AsyncGenerator<OpenDataBusiness[]> {
    let afterId = 0;
    for (;;) {
      const rows = await this.businesses.listPublicAfter(afterId, PAGE_SIZE);
      if (rows.length === 0) return;
      yield rows.map((row) => toOpenDataBusiness(toBusiness(row, false)));
      afterId = rows[rows.length - 1].id;
      if (rows.length < PAGE_SIZE) return;
    }
  }

  private async *csvChunks(): AsyncGenerator<string> {
    yield csvHeader();
    for await (const page of this.pages()) yield page.map((business) => csvRecord(business, this.origin)).join('');
  }

  private async *geoJsonChunks(builtAt: string): AsyncGenerator<string> {
    yield geoJsonOpening(this.origin, builtAt);
    let first = true;
    for await (const page of this.pages()) {
      yield (first ? '' : ',\n') + page.map((business) => geoJsonFeature(business, this.origin)).join(',\n');
      first = false;
    }
    yield GEOJSON_CLOSING;
  }

  private async removeOlderFiles(manifest: OpenDataManifest): Promise<void> {
    const keep = new Set([...Object.values(manifest.files).flatMap((file) => [file.key, file.gzipKey]), ...manifest.previousKeys]);
    const stored = await this.storage.list(FILE_PREFIX);
    await Promise.all(stored.filter((key) => !keep.has(key)).map((key) => this.storage.delete(key)));
  }
}
