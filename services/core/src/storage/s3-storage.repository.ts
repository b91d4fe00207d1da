import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3ServiceException,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { createS3Client, type S3Settings } from '../backup/s3-backup-store';
import type { Config } from '../config/config';
import { assertStorageKey, LocalStorageRepository, type StorageRepository } from './storage.repository';

/**
 * Uploads in an S3-compatible bucket, each key an object `<prefix>/<key>`. A PUT replaces an object whole, so
 * readers never see a part and no temporary object is needed; the API streams objects to browsers.
 */
export class S3StorageRepository implements StorageRepository {
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = createS3Client(settings);
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  async put(key: string, data: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key), Body: data }));
  }

  async putStream(key: string, chunks: AsyncIterable<Buffer | string>): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: this.objectKey(key), Body: Readable.from(chunks) },
      queueSize: 2,
    });
    await upload.done();
  }

  async read(key: string): Promise<Readable | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return object.Body as Readable;
    } catch (error) {
      if (isMissingObject(error)) return null;
      throw error;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    const body = await this.read(key);
    if (!body) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissingObject(error)) return false;
      throw error;
    }
  }

  /** Every page of the listing: a folder holds one member's photos or one upload's sizes, never the whole table. */
  async list(prefix: string): Promise<string[]> {
    const slash = prefix.lastIndexOf('/');
    assertStorageKey(`${prefix.slice(0, slash)}/x`);
    const root = this.settings.prefix ? `${this.settings.prefix}/` : '';
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.settings.bucket, Prefix: root + prefix, Delimiter: '/', ContinuationToken: token }),
      );
      keys.push(...(page.Contents ?? []).map((object) => (object.Key ?? '').slice(root.length)));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }
}

/** A missing key (404); a missing bucket is a misconfiguration and is thrown. */
function isMissingObject(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

/** The bucket when `STORAGE_S3_BUCKET` is set, else the folder UPLOAD_DIR (the default). */
export function storageFromConfig(config: Pick<Config, 'UPLOAD_DIR' | 'STORAGE_S3'>): StorageRepository {
  return config.STORAGE_S3 ? new S3StorageRepository(config.STORAGE_S3) : new LocalStorageRepository(config.UPLOAD_DIR);
}
