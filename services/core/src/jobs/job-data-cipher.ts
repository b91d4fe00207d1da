import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';

/**
 * Seals chosen fields of a job's data (AES-256-GCM) so that what rests in Redis, and what bull-board
 * shows, is ciphertext. Only processes holding the key (the API, which enqueues, and the worker, which
 * opens) can read it: the key is JOB_DATA_KEY (required in production), else, in development and tests, derived
 * from the signing SESSION_SECRET with HKDF.
 */
export class JobDataCipher {
  private readonly key: Buffer;

  constructor(secret: { SESSION_SECRET: string; JOB_DATA_KEY?: string }) {
    const material = secret.JOB_DATA_KEY || secret.SESSION_SECRET;
    this.key = Buffer.from(hkdfSync('sha256', material, 'zaytoon-job-data', 'job-data/v1', 32));
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
  }

  decrypt(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed job value');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }

  /** `data` with each of `fields` (string values) replaced by its ciphertext. */
  seal<T extends object>(data: T, fields: readonly string[]): T {
    const out = { ...data } as Record<string, unknown>;
    for (const field of fields) if (typeof out[field] === 'string') out[field] = this.encrypt(out[field] as string);
    return out as T;
  }

  /** The inverse of seal; a field that does not decrypt throws (a wrong key or a tampered job). */
  open<T extends object>(data: T, fields: readonly string[]): T {
    const out = { ...data } as Record<string, unknown>;
    for (const field of fields) if (typeof out[field] === 'string') out[field] = this.decrypt(out[field] as string);
    return out as T;
  }
}
