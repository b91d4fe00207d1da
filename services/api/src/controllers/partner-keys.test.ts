import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type IssuedPartnerKey, type PartnerKey } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';

let api: TestApi;
let admin: ApiTestClient;

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

async function issue(partner_name: string, requests_per_minute = 100): Promise<IssuedPartnerKey> {
  const answer = await admin.post('/api/admin/partners', { partner_name, requests_per_minute });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body as IssuedPartnerKey;
}

const call = (path: string, key?: string) => api.client().request('GET', path, undefined, key ? bearer(key) : {});

beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
});
afterAll(async () => {
  await api?.stop();
});

describe("partners' API keys", () => {
  it('an admin issues a key, shown once and stored hashed; its calls are counted on the list', async () => {
    const { key, partner } = await issue('Example Wallet', 50);
    expect(key).toMatch(/^zk_[A-Za-z0-9_-]{43}$/);
    expect(partner).toMatchObject({
      partner_name: 'Example Wallet',
      requests_per_minute: 50,
      requests: 0,
      revoked_at: null,
      key_prefix: key.slice(0, 10),
    });
    const { rows } = await api.core.db.query<{ stored: string }>('SELECT row_to_json(k)::text AS stored FROM partner_keys k WHERE id = $1', [
      partner.id,
    ]);
    expect(rows[0].stored).not.toContain(key.slice(10));

    expect((await call('/api/v1/key', key)).body).toEqual({ partner_name: 'Example Wallet', requests_per_minute: 50, requests: 1 });
    expect((await call('/api/v1/changes', key)).status).toBe(200);
    const { items } = await allPages<PartnerKey>(admin, '/api/admin/partners');
    const listed = items.find((item) => item.id === partner.id)!;
    expect(listed.requests).toBe(2);
    expect(JSON.stringify(items)).not.toContain(key);
  });

  it('no key on a call for partners only answers 401; the feed stays open without one', async () => {
    const answer = await call('/api/v1/key');
    expect(answer.status).toBe(401);
    expect(answer.body.detail).toBe(MESSAGES.partnerKeyRequired);
    expect((await call('/api/v1/changes')).status).toBe(200);
  });

  it('an unknown or malformed key answers 401', async () => {
    for (const authorization of [`Bearer zk_${'a'.repeat(43)}`, 'Bearer nonsense', 'Basic abc']) {
      const answer = await api.client().request('GET', '/api/v1/changes', undefined, { authorization });
      expect(answer.status, authorization).toBe(401);
      expect(answer.body.detail).toBe(MESSAGES.partnerKeyInvalid);
    }
  });

  it('a revoked key answers 401', async () => {
    const { key, partner } = await issue('Revoked Maps');
    expect((await call('/api/v1/changes', key)).status).toBe(200);
    const revoked = await admin.post(`/api/admin/partners/${partner.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).not.toBeNull();
    for (const path of ['/api/v1/changes', '/api/v1/key']) {
      const answer = await call(path, key);
      expect(answer.status, path).toBe(401);
      expect(answer.body.detail).toBe(MESSAGES.partnerKeyInvalid);
    }
    expect((await admin.post('/api/admin/partners/999999/revoke')).status).toBe(404);
  });

  it('a key over its own limit answers 429 with Retry-After; another key is not affected', async () => {
    const slow = await issue('Slow Partner', 2);
    const other = await issue('Other Partner', 100);
    expect((await call('/api/v1/changes', slow.key)).status).toBe(200);
    expect((await call('/api/v1/changes', slow.key)).status).toBe(200);
    const refused = await call('/api/v1/changes', slow.key);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await call('/api/v1/changes', other.key)).status).toBe(200);
  });

  it('only admins issue and revoke keys; a bad name or limit is a 400 in plain words', async () => {
    const member = api.client();
    await member.signup();
    expect((await member.post('/api/admin/partners', { partner_name: 'Sneaky', requests_per_minute: 10 })).status).toBe(403);
    expect((await api.client().get('/api/admin/partners')).status).toBe(401);
    const blank = await admin.post('/api/admin/partners', { partner_name: '  ', requests_per_minute: 10 });
    expect([blank.status, blank.body.detail]).toEqual([400, MESSAGES.partnerNameRequired]);
    const tooMany = await admin.post('/api/admin/partners', { partner_name: 'Greedy', requests_per_minute: 10_001 });
    expect([tooMany.status, tooMany.body.detail]).toEqual([400, MESSAGES.partnerRateInvalid]);
  });
});
