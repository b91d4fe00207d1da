import { createHash, randomBytes } from 'node:crypto';
import type { IssuedPartnerKey, IssuePartnerKeyInput, pageQuerySchema, PartnerKey, PartnerKeyStatus, User, Valid } from '@zaytoon/contract';
import { AuditRepository } from '../audit/audit.repository';
import { idPage, type ListPage } from '../db/keyset-page';
import { inTransaction, type Database } from '../db/pool';
import { notFound } from '../errors/domain-error';
import { PartnerKeysRepository, type PartnerKeyRow } from './partner-keys.repository';
import type { PartnerUsageRepository } from './partner-usage.repository';

/** The caller a valid key names. */
export interface PartnerIdentity {
  keyId: number;
  partnerName: string;
  requestsPerMinute: number;
}

const KEY_PREFIX = 'zk_';
/** 32 random bytes, base64url: what a key looks like. Anything else is refused before a lookup. */
const KEY_SHAPE = /^zk_[A-Za-z0-9_-]{43}$/;
/** What admins see of a key to tell keys apart: the prefix and a few characters. */
const SHOWN_CHARACTERS = 10;

const hashOf = (key: string) => createHash('sha256').update(key).digest();

/**
 * Partners' API keys (docs/decisions/0061-partner-keys.md): admins issue and revoke them; a key is shown once and only
 * its SHA-256 is kept (a random 256-bit key needs no slow hash); a call with a key counts towards its usage.
 */
export class PartnerKeysService {
  private readonly keys: PartnerKeysRepository;

  constructor(
    private readonly db: Database,
    private readonly usage: PartnerUsageRepository,
  ) {
    this.keys = new PartnerKeysRepository(db);
  }

  async issue(input: IssuePartnerKeyInput, admin: User): Promise<IssuedPartnerKey> {
    const key = KEY_PREFIX + randomBytes(32).toString('base64url');
    const row = await inTransaction(this.db, async (client) => {
      const issued = await new PartnerKeysRepository(client).insert({
        partnerName: input.partner_name,
        hash: hashOf(key),
        prefix: key.slice(0, SHOWN_CHARACTERS),
        requestsPerMinute: input.requests_per_minute,
        createdBy: admin.id,
      });
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: 'partner_key.issued',
        targetType: 'partner_key',
        targetId: issued.id,
        details: { partner_name: issued.partner_name, requests_per_minute: issued.requests_per_minute },
      });
      return issued;
    });
    return { key, partner: toPartnerKey(row, 0) };
  }

  async revoke(id: number, admin: User): Promise<PartnerKey> {
    const row = await inTransaction(this.db, async (client) => {
      const revoked = await new PartnerKeysRepository(client).revoke(id);
      if (!revoked) throw notFound('partnerKeyNotFound');
      await new AuditRepository(client).record({
        actorId: admin.id,
        action: 'partner_key.revoked',
        targetType: 'partner_key',
        targetId: id,
        details: { partner_name: revoked.partner_name },
      });
      return revoked;
    });
    return toPartnerKey(row, (await this.usage.calls([row.id])).get(row.id) ?? 0);
  }

  async list(query: Valid<typeof pageQuerySchema>): Promise<ListPage<PartnerKey>> {
    const page = await idPage(
      query,
      (afterId, limit) => this.keys.list(afterId, limit),
      () => this.keys.count(),
      (row) => row.id,
    );
    const calls = await this.usage.calls(page.body.map((row) => row.id));
    return { ...page, body: page.body.map((row) => toPartnerKey(row, calls.get(row.id) ?? 0)) };
  }

  /** The partner a bearer key names, or null for a key that is malformed, unknown or revoked. */
  async authenticate(key: string): Promise<PartnerIdentity | null> {
    if (!KEY_SHAPE.test(key)) return null;
    const row = await this.keys.findActiveByHash(hashOf(key));
    return row && { keyId: row.id, partnerName: row.partner_name, requestsPerMinute: row.requests_per_minute };
  }

  /** Counts one call of the key. */
  async countCall(partner: PartnerIdentity): Promise<void> {
    await this.usage.countCall(partner.keyId);
  }

  async status(partner: PartnerIdentity): Promise<PartnerKeyStatus> {
    const calls = await this.usage.calls([partner.keyId]);
    return { partner_name: partner.partnerName, requests_per_minute: partner.requestsPerMinute, requests: calls.get(partner.keyId) ?? 0 };
  }
}

function toPartnerKey(row: PartnerKeyRow, requests: number): PartnerKey {
  return {
    id: row.id,
    partner_name: row.partner_name,
    key_prefix: row.key_prefix,
    requests_per_minute: row.requests_per_minute,
    requests,
    created_at: row.created_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}
