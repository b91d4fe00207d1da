// Backups in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, Garage …): the files of a
// backup are the objects <prefix>/<name>/<path>, and <prefix>/<name>/manifest.json is put last, so a backup
// whose manifest is missing never finished and is not listed. Every file is streamed both ways; a file larger
// than one part goes up as a multipart upload, so no file is ever held in memory whole.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type ListObjectsV2CommandOutput,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { withSecretFiles } from '../config/config';
import { MANIFEST, type BackupStore } from './backup-store';
import { filesBelow } from './backup';

/** The AWS SDK reads these itself from the environment; here each may also come from `<NAME>_FILE`. */
export const S3_SECRET_SETTINGS = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'] as const;

export interface S3Settings {
  bucket: string;
  /** Folder of the backups in the bucket, without leading or trailing slashes; '' for the bucket's root. */
  prefix: string;
  /** Set for every S3-compatible service but AWS itself. */
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's own chain (environment, shared profile, web identity, container or instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

// S3's rules for new bucket names: 3 to 63 lowercase letters, digits, dots and hyphens.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9][a-z0-9-]*$/;

function parseBucket(value: string, name: string): string {
  if (value.startsWith('s3://')) {
    throw new Error(`${name}_BUCKET=${value} must be the bucket's name alone (not an s3:// address); put a folder in ${name}_PREFIX`);
  }
  if (!BUCKET_NAME.test(value)) {
    throw new Error(`${name}_BUCKET=${value} is not a bucket name: 3 to 63 lowercase letters, digits, dots and hyphens`);
  }
  return value;
}

function parsePrefix(value: string | undefined, name: string): string {
  const prefix = (value ?? '').replace(/^\/+|\/+$/g, '');
  if (prefix && prefix.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`${name}_PREFIX=${value} must be a folder such as zaytoon/backups: no empty, . or .. parts`);
  }
  return prefix;
}

function parseEndpoint(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}_ENDPOINT=${value} is not a URL: give the service's address, such as https://s3.example.org or http://127.0.0.1:9000`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username) {
    throw new Error(
      `${name}_ENDPOINT=${value} must be an http(s) address alone (scheme, host and port), such as https://s3.example.org; the bucket goes in ${name}_BUCKET`,
    );
  }
  return url.origin;
}

function parseForcePathStyle(value: string | undefined, endpoint: string | undefined, name: string): boolean {
  if (value === undefined || value === '') return endpoint !== undefined;
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw new Error(`${name}_FORCE_PATH_STYLE=${value} must be true or false`);
}

/**
 * `<name>_BUCKET`, `_ENDPOINT`, `_REGION`, `_PREFIX` and `_FORCE_PATH_STYLE` (`BACKUP_S3_*` unless another name is
 * given) and the AWS credentials (each also from `<NAME>_FILE`), checked; a mistake throws with the setting's name.
 */
export function s3SettingsFromEnv(rawEnv: NodeJS.ProcessEnv, name = 'BACKUP_S3'): S3Settings {
  const env = withSecretFiles(rawEnv, S3_SECRET_SETTINGS);
  const bucket = parseBucket(env[`${name}_BUCKET`] ?? '', name);
  const endpoint = parseEndpoint(env[`${name}_ENDPOINT`], name);
  // AWS needs the bucket's own region; S3-compatible services mostly accept any, and us-east-1 is the usual one.
  const region = env[`${name}_REGION`] || env.AWS_REGION || env.AWS_DEFAULT_REGION || (endpoint ? 'us-east-1' : '');
  if (!region)
    throw new Error(`${name}_REGION is not set: name the bucket's region (e.g. eu-west-2), or set ${name}_ENDPOINT for a service other than AWS`);
  if (!REGION.test(region)) throw new Error(`${name}_REGION=${region} is not a region name such as eu-west-2`);
  const { AWS_ACCESS_KEY_ID: accessKeyId, AWS_SECRET_ACCESS_KEY: secretAccessKey, AWS_SESSION_TOKEN: sessionToken } = env;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      "AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (or their _FILE) go together: set both, or neither to use the AWS SDK's other sources",
    );
  }
  return {
    bucket,
    prefix: parsePrefix(env[`${name}_PREFIX`], name),
    endpoint,
    region,
    forcePathStyle: parseForcePathStyle(env[`${name}_FORCE_PATH_STYLE`], endpoint, name),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, sessionToken: sessionToken || undefined } : undefined,
  };
}

export interface S3StoreOptions {
  /** Bytes of each part of a multipart upload (at least 5 MiB, S3's minimum); files up to one part go up in one PUT. */
  partSize?: number;
  /** Keys per ListObjectsV2 page (S3 answers at most 1,000). */
  pageSize?: number;
  /** Files uploaded or downloaded at once. */
  concurrency?: number;
}

/**
 * S3 requires a checksum of a DeleteObjects request. The SDK sends a CRC32 one, which some S3-compatible services
 * do not know and answer "Missing required header: Content-MD5"; the SDK's documented fallback adds Content-MD5.
 */
function addContentMd5ToDeleteObjects(client: S3Client): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (context.commandName === 'DeleteObjectsCommand' && request.headers && typeof request.body === 'string') {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'deleteObjectsContentMd5' },
  );
}

/** A client for the settings' bucket, with the choices every S3-compatible service accepts (decision 0041). */
export function createS3Client(settings: S3Settings): S3Client {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default extra checksums on every upload and download are refused by many S3-compatible services,
    // so they are sent only where S3 requires one; backups carry their own sha256 manifest.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  addContentMd5ToDeleteObjects(client);
  return client;
}

export class S3BackupStore implements BackupStore {
  readonly client: S3Client;
  private readonly partSize: number;
  private readonly pageSize: number;
  private readonly concurrency: number;

  constructor(
    readonly settings: S3Settings,
    options: S3StoreOptions = {},
  ) {
    this.partSize = options.partSize ?? 8 * 1024 * 1024;
    this.pageSize = options.pageSize ?? 1000;
    this.concurrency = options.concurrency ?? 4;
    this.client = createS3Client(settings);
  }

  private folder(name: string): string {
    return this.settings.prefix ? `${this.settings.prefix}/${name}/` : `${name}/`;
  }

  describe(name: string): string {
    return `s3://${this.settings.bucket}/${this.folder(name).slice(0, -1)}`;
  }

  async save(localDir: string, name: string): Promise<void> {
    const existing = await this.listPage(this.folder(name), undefined, 1);
    if (existing.KeyCount) throw new Error(`a backup named ${name} already exists in ${this.describe(name)}`);
    const files = (await filesBelow(localDir)).filter((path) => path !== MANIFEST);
    await this.inParallel(files, (path) => this.upload(join(localDir, path), this.folder(name) + path));
    await this.upload(join(localDir, MANIFEST), this.folder(name) + MANIFEST);
  }

  async load(name: string, localDir: string): Promise<void> {
    const folder = this.folder(name);
    const keys: string[] = [];
    for await (const page of this.pages(folder)) {
      // A key ending in / is a folder marker some tools create, not a file.
      keys.push(...(page.Contents ?? []).map((object) => object.Key ?? '').filter((key) => !key.endsWith('/')));
    }
    if (!keys.length) throw new Error(`there is no backup named ${name} in ${this.describe(name)}`);
    const root = resolve(localDir);
    await this.inParallel(keys, async (key) => {
      const target = resolve(root, key.slice(folder.length));
      // A key is the bucket's to choose: one such as "../x" must not write outside the folder.
      const inside = relative(root, target);
      if (!key.startsWith(folder) || !inside || inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
        throw new Error(`${this.describe(name)} holds the object ${key}, which is no file of a backup`);
      }
      await mkdir(dirname(target), { recursive: true });
      await this.attempt(key, async () => {
        const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
        await pipeline(object.Body as Readable, createWriteStream(target));
      });
    });
  }

  async list(): Promise<string[]> {
    const root = this.settings.prefix ? `${this.settings.prefix}/` : '';
    const names: string[] = [];
    for await (const page of this.pages(root, '/')) {
      names.push(...(page.CommonPrefixes ?? []).map((common) => (common.Prefix ?? '').slice(root.length, -1)));
    }
    const finished: string[] = [];
    for (const name of names) if (await this.exists(this.folder(name) + MANIFEST)) finished.push(name);
    return finished.sort();
  }

  /** The manifest goes first, so a backup half removed is no longer listed as finished. */
  async remove(name: string): Promise<void> {
    const folder = this.folder(name);
    await this.attempt(folder + MANIFEST, () => this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: folder + MANIFEST })));
    // Each round lists from the start what is left, so deleting never skips a page.
    for (;;) {
      const page = await this.listPage(folder, undefined, this.pageSize);
      const keys = (page.Contents ?? []).map((object) => ({ Key: object.Key }));
      if (!keys.length) return;
      const deleted = await this.attempt(folder, () =>
        this.client.send(new DeleteObjectsCommand({ Bucket: this.settings.bucket, Delete: { Objects: keys, Quiet: true } })),
      );
      if (deleted.Errors?.length) {
        const [first] = deleted.Errors;
        throw new Error(
          `${deleted.Errors.length} objects of ${this.describe(name)} could not be deleted, e.g. ${first.Key}: ${first.Code} ${first.Message}`,
        );
      }
    }
  }

  private async upload(file: string, key: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: key, Body: createReadStream(file) },
      partSize: this.partSize,
      queueSize: 2,
    });
    await this.attempt(key, () => upload.done());
  }

  private async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return true;
    } catch (error) {
      if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket') return false;
      throw this.explain(error, key);
    }
  }

  private listPage(prefix: string, delimiter: string | undefined, maxKeys: number, token?: string): Promise<ListObjectsV2CommandOutput> {
    return this.attempt(prefix, () =>
      this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: prefix, Delimiter: delimiter, MaxKeys: maxKeys, ContinuationToken: token }),
      ),
    );
  }

  private async *pages(prefix: string, delimiter?: string): AsyncGenerator<ListObjectsV2CommandOutput> {
    let token: string | undefined;
    do {
      const page = await this.listPage(prefix, delimiter, this.pageSize, token);
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private async attempt<T>(key: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw this.explain(error, key);
    }
  }

  /** The service's refusal, with the bucket and key it concerned, as one line (the CLIs print messages, not stacks). */
  private explain(error: unknown, key: string): Error {
    const where = `s3://${this.settings.bucket}/${key}${this.settings.endpoint ? ` at ${this.settings.endpoint}` : ''}`;
    if (error instanceof S3ServiceException) return new Error(`${where}: ${error.name} (HTTP ${error.$metadata.httpStatusCode}): ${error.message}`);
    return new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`);
  }

  private async inParallel<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, queue.length) }, worker));
  }
}
