// The restore drill (`npm run drill -- [--businesses N]`, and a step of `npm test` with a small N):
//  1. seed N businesses and members with avatars; back up (pg_dump + uploads + manifest, and a pgBackRest
//     full backup; WAL is archived continuously from then on, uploads into their archive)
//  2. write more; 3. note a time, then write again; 4. destroy the database and the uploads;
//  5. restore to the noted time (pgBackRest: the full backup, then WAL replayed up to it; uploads written by then);
//  6. check every table's row count, a checksum of every business and every avatar, and that nothing written
//     after the noted time came back. Also restores the step-1 dump into a fresh database (`npm run restore`'s
//     path) and checks that a damaged backup is refused. Prints RPO and RTO.
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile, appendFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { startFauxqs, type FauxqsServer } from 'fauxqs';
import pg from 'pg';
import { loadConfig } from '../dev/config';
import { postgresDataDir } from '../dev/postgres';
import { assertPortFree } from '../dev/net';
import { runMigrations } from '@zaytoon/core/migrate';
import { seedScaleBusinesses } from '../seed/scale-seed';
import { avatarKeys } from '@zaytoon/core';
import { ArchivedCluster, ensurePitrPrograms } from './archived-cluster';
import {
  createBackup,
  DamagedBackupError,
  DirectoryBackupStore,
  DUMP_FILE,
  S3BackupStore,
  s3SettingsFromEnv,
  type BackupStore,
  filesBelow,
  restoreBackup,
  restoreUploadsUntil,
  sha256File,
  syncUploadsArchive,
} from '@zaytoon/core/backup';

const ARCHIVE_TIMEOUT_SECONDS = 10;
/** The migrations keep a 5 s statement_timeout on the database; seeding and checking 100,000 rows take longer. */
const NO_STATEMENT_TIMEOUT = '-c statement_timeout=0';

interface State {
  counts: Map<string, number>;
  businesses: Map<number, string>;
  avatars: Map<string, string>;
}

const say = (message: string) => console.log(`drill: ${message}`);
const pause = (ms: number) => new Promise((resolveWait) => setTimeout(resolveWait, ms));

function parseBusinesses(argv: string[]): number {
  const index = argv.indexOf('--businesses');
  if (index === -1) return 1000;
  const count = Number(argv[index + 1]?.replace(/[_,]/g, ''));
  if (!Number.isSafeInteger(count) || count < 1) throw new Error('usage: npm run drill -- [--businesses <N>]');
  return count;
}

async function addMembersWithAvatars(pool: pg.Pool, uploadDir: string, label: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const handle = `drill-${label}-${i}`;
    const { rows } = await pool.query<{ id: number }>(
      "INSERT INTO users (email, username, name, password_hash) VALUES ($1, $2, $3, 'not-a-password') RETURNING id",
      [`${handle}@example.com`, handle, `Drill ${label} ${i}`],
    );
    const keys = avatarKeys(rows[0].id, randomBytes(16).toString('hex'));
    for (const key of [keys.large, keys.small]) {
      await mkdir(dirname(join(uploadDir, key)), { recursive: true });
      await writeFile(join(uploadDir, key), randomBytes(2048));
    }
    await pool.query('UPDATE users SET picture = $1 WHERE id = $2', [keys.url, rows[0].id]);
  }
}

async function readState(databaseUrl: string, uploadDir: string): Promise<State> {
  const client = new pg.Client({ connectionString: databaseUrl, options: NO_STATEMENT_TIMEOUT });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1");
    const counts = new Map<string, number>();
    for (const { name } of tables.rows) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${client.escapeIdentifier(name)}`);
      counts.set(name, rows[0].n);
    }
    const businesses = new Map<number, string>();
    for (const row of (await client.query<{ id: number; sum: string }>('SELECT id, md5(b::text) AS sum FROM businesses b')).rows) {
      businesses.set(row.id, row.sum);
    }
    const avatars = new Map<string, string>();
    const pictures = await client.query<{ picture: string }>("SELECT picture FROM users WHERE picture LIKE '/api/uploads/avatars/%'");
    for (const { picture } of pictures.rows) {
      const large = picture.slice('/api/uploads/'.length);
      for (const key of [large, large.replace(/-256\.webp$/, '-64.webp')]) {
        const path = join(uploadDir, key);
        avatars.set(key, existsSync(path) ? await sha256File(path) : 'missing');
      }
    }
    return { counts, businesses, avatars };
  } finally {
    await client.end();
  }
}

function differences(expected: State, actual: State): string[] {
  const problems: string[] = [];
  for (const [table, count] of expected.counts) {
    if (actual.counts.get(table) !== count) problems.push(`${table}: ${actual.counts.get(table)} rows, expected ${count}`);
  }
  let changed = 0;
  for (const [id, sum] of expected.businesses) if (actual.businesses.get(id) !== sum) changed++;
  if (changed) problems.push(`${changed} businesses differ from their state at the noted time`);
  if (actual.businesses.size !== expected.businesses.size)
    problems.push(`${actual.businesses.size} businesses, expected ${expected.businesses.size}`);
  let avatarProblems = 0;
  for (const [key, sum] of expected.avatars) if (actual.avatars.get(key) !== sum) avatarProblems++;
  if (avatarProblems) problems.push(`${avatarProblems} avatar files missing or different`);
  if (actual.avatars.size !== expected.avatars.size) problems.push(`${actual.avatars.size} avatars, expected ${expected.avatars.size}`);
  return problems;
}

/** An S3-compatible bucket on a loopback port (fauxqs, objects kept as files in `dir`), for `npm run backup`'s other store. */
async function startDrillBucket(dir: string): Promise<{ server: FauxqsServer; store: S3BackupStore }> {
  const server = await startFauxqs({ host: '127.0.0.1', port: 0, logger: false, s3StorageDir: dir });
  const settings = s3SettingsFromEnv({
    BACKUP_S3_BUCKET: 'zaytoon-drill',
    BACKUP_S3_PREFIX: 'backups',
    BACKUP_S3_ENDPOINT: server.address,
    AWS_ACCESS_KEY_ID: 'drill',
    AWS_SECRET_ACCESS_KEY: 'drill',
  });
  server.createBucket(settings.bucket);
  return { server, store: new S3BackupStore(settings) };
}

/**
 * Restores the step-1 dump from `backups` into a new database and uploads folder and compares them with the seeded
 * state; then stores a copy with one changed byte and checks that restoring it is refused. Returns the problems.
 */
async function checkDumpRestore(cluster: ArchivedCluster, backups: BackupStore, uploads: string, database: string, seeded: State): Promise<string[]> {
  const [name] = await backups.list();
  const admin = await cluster.superuser();
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(database)} OWNER zaytoon`).finally(() => admin.end());
  await rm(uploads, { recursive: true, force: true });
  await restoreBackup({ databaseUrl: cluster.url(database), uploadDir: uploads, store: backups, name });
  const problems = differences(seeded, await readState(cluster.url(database), uploads)).map((p) => `restore from ${backups.describe(name)}: ${p}`);

  const damaged = await mkdtemp(join(tmpdir(), 'drill-damaged-'));
  await backups.load(name, damaged);
  await appendFile(join(damaged, DUMP_FILE), 'x');
  await backups.save(damaged, `${name}-damaged`);
  await rm(damaged, { recursive: true, force: true });
  const refusal = await restoreBackup({ databaseUrl: cluster.url(database), uploadDir: uploads, store: backups, name: `${name}-damaged` }).then(
    () => null,
    (error: unknown) => error,
  );
  if (!(refusal instanceof DamagedBackupError)) problems.push(`a damaged backup in ${backups.describe(name)} was not refused: ${String(refusal)}`);
  else say(`restored ${backups.describe(name)}; a damaged copy is refused: ${refusal.message.split('\n').join(' ')}`);
  return problems;
}

export async function runDrill(businesses: number): Promise<{ rpoSeconds: number; rtoSeconds: number }> {
  ensurePitrPrograms();
  const config = loadConfig(process.env.NODE_ENV === 'test' ? 'test' : 'development');
  const root = dirname(postgresDataDir(join(config.dataDir, 'restore-drill')));
  const port = config.ports.postgres + 5;
  const cluster = new ArchivedCluster({ root: join(root, 'cluster'), port, archiveTimeoutSeconds: ARCHIVE_TIMEOUT_SECONDS });
  const uploadDir = join(root, 'uploads');
  const uploadsArchive = join(root, 'uploads-archive');
  const store = new DirectoryBackupStore(join(root, 'backups'));

  await cluster.stop('immediate');
  await assertPortFree(port, 'the restore drill Postgres', 'POSTGRES_PORT');
  for (const dir of [uploadDir, uploadsArchive, store.root, join(root, 'bucket')]) await rm(dir, { recursive: true, force: true });
  await cluster.init();
  const pool = new pg.Pool({ connectionString: cluster.url(), max: 2, options: NO_STATEMENT_TIMEOUT });
  const bucket = await startDrillBucket(join(root, 'bucket'));
  let passed = false;
  try {
    // 1. seed, and back up
    await runMigrations(cluster.url(), () => undefined);
    await seedScaleBusinesses(pool, businesses, { seed: 32, log: say });
    await addMembersWithAvatars(pool, uploadDir, 'seed', 20);
    const seeded = await readState(cluster.url(), uploadDir);
    const dump = await createBackup({ databaseUrl: cluster.url(), uploadDir, store });
    await createBackup({ databaseUrl: cluster.url(), uploadDir, store: bucket.store, name: dump.name });
    await cluster.fullBackup();
    const backedUpAt = Date.now();
    await syncUploadsArchive(uploadDir, uploadsArchive);
    say(`1. seeded ${businesses} businesses and 20 avatars; backed up (dump ${dump.name} to a folder and a bucket, pgBackRest full backup)`);

    // 2. write more
    await seedScaleBusinesses(pool, Math.max(10, Math.round(businesses / 100)), { seed: 33 });
    await addMembersWithAvatars(pool, uploadDir, 'before', 5);
    await syncUploadsArchive(uploadDir, uploadsArchive);
    say('2. wrote more businesses and avatars');

    // 3. note a time, then write again
    const expected = await readState(cluster.url(), uploadDir);
    // pgBackRest keeps a backup's stop time in whole seconds and restores to a time only from a backup that stopped
    // in an earlier second: on a fast machine steps 1 and 2 fit in the backup's last second.
    await pause(Math.max(300, backedUpAt + 1_100 - Date.now()));
    const noted = (await pool.query<{ at: Date }>('SELECT clock_timestamp() AS at')).rows[0].at;
    await pause(300);
    await seedScaleBusinesses(pool, 10, { seed: 34 });
    await addMembersWithAvatars(pool, uploadDir, 'after', 5);
    const lastWrite = Date.now();
    const { rows } = await pool.query<{ segment: string }>('SELECT pg_walfile_name(pg_current_wal_lsn()) AS segment');
    for (;;) {
      const archived = await pool.query<{ last: string | null }>('SELECT last_archived_wal AS last FROM pg_stat_archiver');
      if ((archived.rows[0].last ?? '') >= rows[0].segment) break;
      if (Date.now() - lastWrite > 4 * ARCHIVE_TIMEOUT_SECONDS * 1000) throw new Error('the last write was not archived within 4 archive_timeouts');
      await pause(100);
    }
    const rpoSeconds = (Date.now() - lastWrite) / 1000;
    await syncUploadsArchive(uploadDir, uploadsArchive);
    say(
      `3. noted ${noted.toISOString()}, then wrote 10 businesses and 5 avatars; their WAL was archived ${rpoSeconds.toFixed(1)} s after the commit`,
    );

    // 4. destroy the database and the uploads
    await pool.end();
    await cluster.destroy();
    await rm(uploadDir, { recursive: true, force: true });
    say('4. destroyed the database and the uploads');

    // 5. restore to the noted time
    const restoreStarted = Date.now();
    await cluster.restoreTo(noted.toISOString().replace('T', ' ').replace('Z', '+00'));
    await mkdir(uploadDir, { recursive: true });
    const files = await restoreUploadsUntil(uploadsArchive, uploadDir, noted);
    const rtoSeconds = (Date.now() - restoreStarted) / 1000;
    say(`5. restored to the noted time (${files} upload files) in ${rtoSeconds.toFixed(1)} s`);

    // 6. check
    const restored = await readState(cluster.url(), uploadDir);
    const problems = differences(expected, restored);
    const check = new pg.Client({ connectionString: cluster.url() });
    await check.connect();
    const lateRows = await check
      .query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE username LIKE 'drill-after-%'")
      .finally(() => check.end());
    if (lateRows.rows[0].n) problems.push(`${lateRows.rows[0].n} members written after the noted time came back`);
    const lateFiles = (await filesBelow(uploadDir)).filter((path) => !expected.avatars.has(path));
    if (lateFiles.length) problems.push(`${lateFiles.length} upload files written after the noted time came back, e.g. ${lateFiles[0]}`);
    say(
      `6. ${restored.businesses.size} businesses, ${restored.avatars.size} avatar files, ${restored.counts.size} tables checked against the noted time`,
    );

    // The dump's own path (`npm run restore`), from the folder and from the bucket, each into a fresh database and
    // uploads folder; and a damaged copy of each refused.
    for (const [label, backups] of [
      ['folder', store],
      ['bucket', bucket.store],
    ] as const) {
      problems.push(...(await checkDumpRestore(cluster, backups, join(root, `uploads-from-${label}`), `zaytoon_from_${label}`, seeded)));
    }

    if (problems.length) throw new Error(`restore drill FAILED:\n  ${problems.join('\n  ')}`);
    say(
      `RPO ${rpoSeconds.toFixed(1)} s (archive_timeout ${ARCHIVE_TIMEOUT_SECONDS} s here), RTO ${rtoSeconds.toFixed(1)} s at ${businesses} businesses: PASS`,
    );
    passed = true;
    return { rpoSeconds, rtoSeconds };
  } finally {
    await pool.end().catch(() => undefined);
    await cluster.stop('fast');
    await bucket.server.stop();
    // A failed drill leaves its cluster, repository and logs for a look; a passed one, nothing.
    if (passed) await rm(root, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runDrill(parseBusinesses(process.argv.slice(2))).then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
