import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Where uploaded and generated files live. Keys are generated names such as
 * `originals/<uuid>` or `avatars/<userId>-<token>-256.webp`, never user input.
 */
export interface StorageRepository {
  /**
   * Readers see the old bytes or the new ones, never a part. A put cut short (the process killed) may
   * leave a trace that the next put or delete of the same key removes. One writer per key at a time.
   */
  put(key: string, data: Buffer): Promise<void>;
  /** As put, from a stream of chunks (a file too large to hold in memory). */
  putStream(key: string, chunks: AsyncIterable<Buffer | string>): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** The stored bytes as a stream, or null when nothing is stored under the key. */
  read(key: string): Promise<Readable | null>;
  /** Removes the key and any trace of an interrupted put of it. Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * Keys in the folder of `prefix` (e.g. `avatars/12-`) whose names start with its last segment, including
   * keys that only an interrupted put left a trace of, so deleting what this lists leaves nothing behind.
   */
  list(prefix: string): Promise<string[]>;
}

/** Slash-separated segments of letters, digits, dot, dash and underscore; no segment starts with a dot. */
const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,3}$/;

/**
 * A put writes `<key>.tmp` and renames it over the key. One fixed name per key rather than a random one,
 * so a put killed half-way leaves a file that the retried put overwrites, not one that stays forever.
 */
const TEMPORARY_SUFFIX = '.tmp';

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || !KEY_RE.test(key) || key.endsWith(TEMPORARY_SUFFIX)) throw new InvalidStorageKeyError(key);
}

/** A fresh, unguessable key under `folder`, e.g. `originals/3f2c…` (extension optional, with its dot). */
export function generateStorageKey(folder: string, extension = ''): string {
  const key = `${folder}/${randomUUID()}${extension}`;
  assertStorageKey(key);
  return key;
}

/** The default storage: a folder on local disk (UPLOAD_DIR), which the API serves under /api/uploads/. */
export class LocalStorageRepository implements StorageRepository {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  private pathOf(key: string): string {
    assertStorageKey(key);
    const path = resolve(this.root, key);
    // The key pattern already rules out '..'; this keeps the guarantee if the pattern ever changes.
    if (!path.startsWith(this.root + sep)) throw new InvalidStorageKeyError(key);
    return path;
  }

  put(key: string, data: Buffer): Promise<void> {
    return this.replace(key, (temporary) => writeFile(temporary, data));
  }

  putStream(key: string, chunks: AsyncIterable<Buffer | string>): Promise<void> {
    return this.replace(key, (temporary) => pipeline(Readable.from(chunks), createWriteStream(temporary)));
  }

  private async replace(key: string, write: (temporary: string) => Promise<void>): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    const temporary = path + TEMPORARY_SUFFIX;
    try {
      await write(temporary);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Readable | null> {
    try {
      // Opened before answering: a key deleted meanwhile still streams the bytes it had.
      const handle = await open(this.pathOf(key));
      return handle.createReadStream();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const path = this.pathOf(key);
    await Promise.all([rm(path, { force: true }), rm(path + TEMPORARY_SUFFIX, { force: true })]);
  }

  async list(prefix: string): Promise<string[]> {
    const slash = prefix.lastIndexOf('/');
    const folder = prefix.slice(0, slash);
    const start = prefix.slice(slash + 1);
    assertStorageKey(`${folder}/x`);
    let names: string[];
    try {
      names = await readdir(this.pathOf(`${folder}/x`).slice(0, -2));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const keys = names
      .filter((name) => name.startsWith(start))
      .map((name) => `${folder}/${name.endsWith(TEMPORARY_SUFFIX) ? name.slice(0, -TEMPORARY_SUFFIX.length) : name}`);
    return [...new Set(keys)];
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }
}
