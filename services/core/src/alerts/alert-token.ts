import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';

/**
 * The signed token of an alert mail's unsubscribe links: the alert ids it ends and an HMAC-SHA256
 * over them, keyed from SESSION_SECRET (HKDF, so the key is no other use's; signed with the first secret, checked with
 * each, so mailed links outlive a rotation). No row is needed to check it, so a
 * second click of an ended alert's link is answered alike; alert ids are never reused, so it never ends another alert.
 */
export class AlertTokens {
  private readonly keys: Buffer[];

  constructor(secret: { SESSION_SECRET: string; SESSION_SECRETS?: readonly string[] }) {
    const secrets = secret.SESSION_SECRETS?.length ? secret.SESSION_SECRETS : [secret.SESSION_SECRET];
    this.keys = secrets.map((each) => Buffer.from(hkdfSync('sha256', each, 'zaytoon-alert-unsubscribe', 'alert-unsubscribe/v1', 32)));
  }

  private signature(ids: string, key = this.keys[0]): Buffer {
    return createHmac('sha256', key).update(`alerts:${ids}`).digest();
  }

  sign(alertIds: readonly number[]): string {
    const ids = alertIds.join('-');
    return `${ids}.${this.signature(ids).toString('base64url')}`;
  }

  /** The alert ids of a token this key signed; null for any other token. */
  verify(token: string): number[] | null {
    const match = /^(\d{1,10}(?:-\d{1,10})*)\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    // Compared as text: base64url's last character has spare bits, so decoding would take two spellings of one signature.
    const given = Buffer.from(match[2]);
    const signedByOne = this.keys.some((key) => {
      const expected = Buffer.from(this.signature(match[1], key).toString('base64url'));
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
    return signedByOne ? match[1].split('-').map(Number) : null;
  }
}
