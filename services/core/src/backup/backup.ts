// A backup: database.dump (pg_dump's custom format), uploads/ (UPLOAD_DIR as it was) and manifest.json
// naming every file with its size and sha256. A restore checks every checksum before it touches anything.
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { MANIFEST, type BackupStore } from './backup-store';
import { postgresBinDir, run, serverMajorVersion } from './postgres-tools';

export const DUMP_FILE = 'database.dump';
export const UPLOADS_FOLDER = 'uploads';

export interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: 1;
  createdAt: string;
  postgresMajor: number;
  files: ManifestEntry[];
}

export class DamagedBackupError extends Error {}

export function sha256File(path: string): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolvePromise(hash.digest('hex')));
  });
}

/** Every file below `dir`, as slash-separated paths relative to it; a put's leftover `.tmp` is no upload. */
export async function filesBelow(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith('.tmp'))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

export function backupName(at = new Date()): string {
  return at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
}

/** Writes `dir`/manifest.json, naming every file below `dir` with its size and sha256. */
export async function writeManifest(dir: string, postgresMajor: number): Promise<Manifest> {
  const files: ManifestEntry[] = [];
  for (const path of (await filesBelow(dir)).filter((file) => file !== MANIFEST)) {
    const full = join(dir, path);
    files.push({ path, bytes: (await stat(full)).size, sha256: await sha256File(full) });
  }
  const manifest: Manifest = { format: 1, createdAt: new Date().toISOString(), postgresMajor, files };
  await writeFile(join(dir, MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

export interface BackupOptions {
  databaseUrl: string;
  uploadDir: string;
  store: BackupStore;
  name?: string;
}

export async function createBackup(options: BackupOptions): Promise<{ name: string; manifest: Manifest }> {
  const name = options.name ?? backupName();
  const major = await serverMajorVersion(options.databaseUrl);
  const binDir = postgresBinDir(major);
  const staging = await mkdtemp(join(tmpdir(), 'zaytoon-backup-'));
  try {
    await run(join(binDir, 'pg_dump'), [
      '--format=custom',
      '--no-owner',
      '--no-acl',
      `--file=${join(staging, DUMP_FILE)}`,
      `--dbname=${options.databaseUrl}`,
    ]);
    if (existsSync(options.uploadDir)) {
      await cp(options.uploadDir, join(staging, UPLOADS_FOLDER), {
        recursive: true,
        preserveTimestamps: true,
        filter: (source) => !source.endsWith('.tmp'),
      });
    }
    const manifest = await writeManifest(staging, major);
    await options.store.save(staging, name);
    return { name, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Removes all but the newest `keep` finished backups; returns the names it removed. */
export async function pruneBackups(store: BackupStore, keep: number): Promise<string[]> {
  const names = await store.list();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await store.remove(name);
  return old;
}

/** Checks every file of the manifest (present, same size, same sha256) and that nothing else is there. */
export async function verifyBackup(dir: string, label = dir): Promise<Manifest> {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) throw new DamagedBackupError(`${label} is not a finished backup: ${MANIFEST} is missing`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(manifestPath, 'utf8')) as Manifest;
  } catch {
    throw new DamagedBackupError(`${label}/${MANIFEST} is not valid JSON`);
  }
  if (manifest.format !== 1 || !Array.isArray(manifest.files))
    throw new DamagedBackupError(`${label}/${MANIFEST} is not a manifest this version reads`);
  const problems: string[] = [];
  const listed = new Set(manifest.files.map((file) => file.path));
  if (!listed.has(DUMP_FILE)) problems.push(`${DUMP_FILE} is not in the manifest`);
  for (const file of manifest.files) {
    const full = join(dir, file.path);
    if (!existsSync(full)) problems.push(`${file.path} is missing`);
    else if ((await stat(full)).size !== file.bytes)
      problems.push(`${file.path} has ${(await stat(full)).size} bytes, the manifest says ${file.bytes}`);
    else if ((await sha256File(full)) !== file.sha256) problems.push(`${file.path} does not match its sha256 in the manifest`);
  }
  for (const path of await filesBelow(dir)) {
    if (path !== MANIFEST && !listed.has(path)) problems.push(`${path} is not in the manifest`);
  }
  if (problems.length) throw new DamagedBackupError(`refusing to restore the damaged backup ${label}:\n  ${problems.join('\n  ')}`);
  return manifest;
}

async function assertEmptyDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    if (rows[0].tables > 0) {
      throw new Error(`the database of DATABASE_URL already has ${rows[0].tables} tables: restore into a fresh, empty database`);
    }
  } finally {
    await client.end();
  }
}

export interface RestoreOptions {
  databaseUrl: string;
  uploadDir: string;
  store: BackupStore;
  name: string;
}

/** Verifies the backup, then loads the dump into an empty database and the uploads into UPLOAD_DIR. */
export async function restoreBackup(options: RestoreOptions): Promise<Manifest> {
  const local = await mkdtemp(join(tmpdir(), 'zaytoon-restore-'));
  try {
    await options.store.load(options.name, local);
    const manifest = await verifyBackup(local, options.store.describe(options.name));
    await assertEmptyDatabase(options.databaseUrl);
    const binDir = postgresBinDir(await serverMajorVersion(options.databaseUrl));
    await run(join(binDir, 'pg_restore'), [
      '--exit-on-error',
      '--single-transaction',
      '--no-owner',
      '--no-acl',
      `--dbname=${options.databaseUrl}`,
      join(local, DUMP_FILE),
    ]);
    const uploads = join(local, UPLOADS_FOLDER);
    await mkdir(options.uploadDir, { recursive: true });
    if (existsSync(uploads)) await cp(uploads, options.uploadDir, { recursive: true, preserveTimestamps: true, force: false, errorOnExist: false });
    return manifest;
  } finally {
    await rm(local, { recursive: true, force: true });
  }
}
