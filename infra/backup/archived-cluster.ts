// A PostgreSQL cluster with continuous WAL archiving to a pgBackRest repository: full backups, and a restore
// to any moment since the oldest kept backup (point-in-time recovery). pgBackRest supports the PostgreSQL
// majors it was released with: Debian 12's pgbackrest 2.45 goes up to 15, so this runs Debian's PostgreSQL 15
// (PG_BIN_DIR overrides), not the embedded 18 of `npm start`.
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, rm, writeFile, appendFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { aptInstall, canInstallWithApt, ensureProgram } from '../dev/system-program';
import { run } from '@zaytoon/core/backup';

export const STANZA = 'zaytoon';
export const PITR_POSTGRES_MAJOR = 15;
const isRoot = process.getuid?.() === 0;

export interface ArchivedClusterOptions {
  /** Holds the cluster, the repository, the configuration and the logs; created afresh by init(). */
  root: string;
  port: number;
  /** Seconds after which a partly filled WAL segment is archived anyway: the database's RPO. */
  archiveTimeoutSeconds: number;
  binDir?: string;
}

/** pgbackrest and Debian's PostgreSQL 15 server, installed with apt-get when missing and we are root on Debian (as .ci/run does). */
export function ensurePitrPrograms(binDir = process.env.PG_BIN_DIR ?? `/usr/lib/postgresql/${PITR_POSTGRES_MAJOR}/bin`): void {
  const hints = [
    `Debian/Ubuntu: sudo apt-get install -y pgbackrest postgresql-${PITR_POSTGRES_MAJOR}`,
    'elsewhere: pgBackRest and a PostgreSQL it supports, with PG_BIN_DIR naming its bin folder',
  ];
  ensureProgram({ binary: 'pgbackrest', debianPackages: ['pgbackrest', `postgresql-${PITR_POSTGRES_MAJOR}`], hints });
  if (existsSync(join(binDir, 'pg_ctl'))) return;
  if (!canInstallWithApt()) throw new Error(`PostgreSQL ${PITR_POSTGRES_MAJOR}'s server programs are not in ${binDir}: ${hints.join('; ')}`);
  aptInstall([`postgresql-${PITR_POSTGRES_MAJOR}`]);
}

export class ArchivedCluster {
  readonly dataDir: string;
  readonly repoDir: string;
  readonly configFile: string;
  readonly socketDir: string;
  readonly binDir: string;

  constructor(readonly options: ArchivedClusterOptions) {
    this.dataDir = join(options.root, 'postgres');
    this.repoDir = join(options.root, 'pgbackrest-repo');
    this.configFile = join(options.root, 'pgbackrest.conf');
    this.socketDir = join(options.root, 'socket');
    this.binDir = options.binDir ?? process.env.PG_BIN_DIR ?? `/usr/lib/postgresql/${PITR_POSTGRES_MAJOR}/bin`;
  }

  /** postgres:zaytoon@127.0.0.1, the application's view. */
  url(database = 'zaytoon'): string {
    return `postgres://zaytoon:zaytoon@127.0.0.1:${this.options.port}/${database}`;
  }

  /** Runs a program as the postgres user when we are root (Postgres and pgBackRest refuse root). */
  private exec(program: string, args: string[]) {
    return isRoot ? run('runuser', ['-u', 'postgres', '--', program, ...args]) : run(program, args);
  }

  private async ownedDir(path: string): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    await mkdir(path, { recursive: true, mode: 0o700 });
    await chmod(path, 0o700);
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
      await chown(path, uid, gid);
    }
  }

  private pgbackrest(args: string[]) {
    return this.exec('pgbackrest', [`--config=${this.configFile}`, `--stanza=${STANZA}`, ...args]);
  }

  async init(): Promise<void> {
    await this.stop('immediate');
    await rm(this.options.root, { recursive: true, force: true });
    await this.ownedDir(this.options.root);
    for (const dir of [
      this.repoDir,
      this.socketDir,
      join(this.options.root, 'log'),
      join(this.options.root, 'lock'),
      join(this.options.root, 'spool'),
    ]) {
      await this.ownedDir(dir);
    }
    await this.writePgbackrestConfig();
    await this.exec(join(this.binDir, 'initdb'), [
      '-D',
      this.dataDir,
      '-U',
      'postgres',
      '--auth-local=trust',
      '--auth-host=scram-sha-256',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    await appendFile(
      join(this.dataDir, 'postgresql.conf'),
      [
        '',
        `port = ${this.options.port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${this.socketDir}'`,
        'wal_level = replica',
        'archive_mode = on',
        `archive_command = 'pgbackrest --config=${this.configFile} --stanza=${STANZA} archive-push %p'`,
        `archive_timeout = ${this.options.archiveTimeoutSeconds}`,
        'max_connections = 50',
        // The drill loses its cluster by deleting it, not by a power cut.
        'fsync = off',
        '',
      ].join('\n'),
    );
    await this.start();
    await this.exec('pgbackrest', [`--config=${this.configFile}`, `--stanza=${STANZA}`, 'stanza-create']);
    const client = await this.superuser();
    try {
      await client.query("CREATE ROLE zaytoon LOGIN SUPERUSER PASSWORD 'zaytoon'");
      await client.query('CREATE DATABASE zaytoon OWNER zaytoon');
    } finally {
      await client.end();
    }
  }

  private async writePgbackrestConfig(): Promise<void> {
    const root = this.options.root;
    await writeFile(
      this.configFile,
      [
        '[global]',
        `repo1-path=${this.repoDir}`,
        'repo1-retention-full=2',
        `log-path=${join(root, 'log')}`,
        `lock-path=${join(root, 'lock')}`,
        `spool-path=${join(root, 'spool')}`,
        'log-level-console=warn',
        'log-level-file=info',
        'start-fast=y',
        'compress-type=lz4',
        '',
        `[${STANZA}]`,
        `pg1-path=${this.dataDir}`,
        `pg1-port=${this.options.port}`,
        `pg1-socket-path=${this.socketDir}`,
        'pg1-user=postgres',
        '',
      ].join('\n'),
      { mode: 0o644 },
    );
  }

  async superuser(database = 'postgres'): Promise<pg.Client> {
    const client = new pg.Client({ host: this.socketDir, port: this.options.port, user: 'postgres', database });
    await client.connect();
    return client;
  }

  async start(): Promise<void> {
    await this.exec(join(this.binDir, 'pg_ctl'), [
      '-D',
      this.dataDir,
      '-l',
      join(this.options.root, 'log', 'postgres.log'),
      '-w',
      '-t',
      '120',
      'start',
    ]);
  }

  async stop(mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
    if (!existsSync(join(this.dataDir, 'postmaster.pid'))) return;
    await this.exec(join(this.binDir, 'pg_ctl'), ['-D', this.dataDir, '-m', mode, '-w', 'stop']).catch(() => undefined);
  }

  async fullBackup(): Promise<void> {
    await this.pgbackrest(['--type=full', 'backup']);
  }

  /** Stops the server and deletes its data directory: the disaster. */
  async destroy(): Promise<void> {
    await this.stop('immediate');
    await rm(this.dataDir, { recursive: true, force: true });
  }

  /** Restores the latest backup before `target` (Postgres timestamp text), replays WAL up to it and promotes. */
  async restoreTo(target: string): Promise<void> {
    await this.ownedDir(this.dataDir);
    await this.pgbackrest(['--type=time', `--target=${target}`, '--target-action=promote', 'restore']);
    await this.start();
    for (let i = 0; ; i++) {
      const client = await this.superuser();
      const { rows } = await client.query<{ recovering: boolean }>('SELECT pg_is_in_recovery() AS recovering').finally(() => client.end());
      if (!rows[0].recovering) return;
      if (i > 600) throw new Error('the restored cluster did not finish recovery within 60 s');
      await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
  }
}
