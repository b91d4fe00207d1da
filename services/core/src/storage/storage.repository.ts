import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';

/**
 * Where uploaded and generated files live. Keys are generated names such as
 * `originals/<uuid>` or `avatars/<userId>-<token>-256.webp`, never user input.
 */
export interface StorageRepository {
  put(key: string, data: Buffer): Promise<void>;
  /** The stored bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Keys in the folder of `prefix` (e.g. `avatars/12-`) whose names start with its last segment. */
  list(prefix: string): Promise<string[]>;
}

/** Slash-separated segments of letters, digits, dot, dash and underscore; no segment starts with a dot. */
const KEY_RE = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}){0,3}$/;

export class InvalidStorageKeyError extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 80)}`);
    this.name = 'InvalidStorageKeyError';
  }
}

export function assertStorageKey(key: string): void {
  if (typeof key !== 'string' || !KEY_RE.test(key)) throw new InvalidStorageKeyError(key);
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

  async put(key: string, data: Buffer): Promise<void> {
    const path = this.pathOf(key);
    await mkdir(dirname(path), { recursive: true });
    // Write then rename, so a reader never sees a half-written file.
    const temporary = `${path}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, data);
      await rename(temporary, path);
    } catch (error) {
      await rm(temporary, { force: true });
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
    await rm(this.pathOf(key), { force: true });
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
    return names.filter((name) => name.startsWith(start) && !name.endsWith('.tmp')).map((name) => `${folder}/${name}`);
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
