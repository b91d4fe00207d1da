import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: unguessable as it is, so it is stored as a plain SHA-256 (a leaked table gives no live link). */
export function newMailedToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashMailedToken(token) };
}

export function hashMailedToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
