import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupOutcode, verifyPassword } from '@zaytoon/core';
import { SOURCE_KINDS, sourcesText } from '@zaytoon/contract';
import { runMigrations } from '@zaytoon/core/migrate';
import { DEMO_MEMBER_PASSWORD, SUGGESTABLE_FIELDS, WEEKDAYS } from './demo-data';
import { seedDemoData, type SeedSummary } from './seed';
import { createThrowawayDatabase, testServerUrl, type ThrowawayDatabase } from '@zaytoon/core/testing';
import { REPORT_REASONS } from './word-lists';

/**
 * Runs against a real Postgres: DATABASE_URL names a server where this role may CREATE DATABASE. The suite seeds
 * its own throwaway databases and drops them afterwards, so it never touches the database DATABASE_URL names.
 */
const baseUrl = testServerUrl();
const ADMIN_PASSWORD = 'seed-test-admin-pw';
const TABLES = ['users', 'businesses', 'votes', 'comments', 'suggestions', 'reports'] as const;

async function snapshot(client: pg.Client): Promise<Record<string, { count: number; digest: string }>> {
  const result: Record<string, { count: number; digest: string }> = {};
  for (const table of TABLES) {
    const { rows } = await client.query(
      `SELECT count(*)::int AS count, coalesce(md5(string_agg(t::text, '|' ORDER BY t.id)), '') AS digest FROM ${table} t`,
    );
    result[table] = rows[0];
  }
  return result;
}

describe('seedDemoData (real Postgres)', () => {
  let db: ThrowawayDatabase;
  let client: pg.Client;
  let first: SeedSummary;

  beforeAll(async () => {
    db = await createThrowawayDatabase(baseUrl, 'zaytoon_seed_test');
    await runMigrations(db.url);
    first = await seedDemoData(db.url, { adminPassword: ADMIN_PASSWORD });
    client = new pg.Client({ connectionString: db.url });
    await client.connect();
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await db?.drop();
  }, 60_000);

  it('reports what it inserted', () => {
    expect(first.adminCreated).toBe(true);
    expect(first.demoDataCreated).toBe(true);
    expect(first.inserted.businesses).toBeGreaterThanOrEqual(320);
  });

  it('creates the dev admin with a verifiable password', async () => {
    const { rows } = await client.query("SELECT username, email, name, is_admin, password_hash FROM users WHERE lower(username) = 'admin'");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ username: 'admin', email: 'admin@example.com', name: 'Admin', is_admin: true });
    expect(await verifyPassword(ADMIN_PASSWORD, rows[0].password_hash)).toBe(true);
    expect(await verifyPassword('admin-dev-password', rows[0].password_hash)).toBe(false);
  });

  it('counts the dev admin and the demo members as confirmed, and confirms them when seeded before confirmation', async () => {
    const unconfirmed = "SELECT count(*)::int AS n FROM users WHERE email LIKE '%@example.com' AND email_confirmed_at IS NULL";
    expect((await client.query(unconfirmed)).rows[0].n).toBe(0);
    await client.query("UPDATE users SET email_confirmed_at = NULL WHERE email LIKE '%@example.com'");
    expect((await client.query(unconfirmed)).rows[0].n).toBe(41);
    await seedDemoData(db.url, { adminPassword: ADMIN_PASSWORD });
    expect((await client.query(unconfirmed)).rows[0].n).toBe(0);
  });

  it('creates about 40 demo members who can sign in with the demo password', async () => {
    const { rows } = await client.query("SELECT email, is_admin, password_hash FROM users WHERE email LIKE '%@example.com' AND username <> 'admin'");
    expect(rows.length).toBe(40);
    expect(rows.every((r) => r.is_admin === false)).toBe(true);
    expect(await verifyPassword(DEMO_MEMBER_PASSWORD, rows[0].password_hash)).toBe(true);
    const recent = await client.query("SELECT count(*)::int AS n FROM users WHERE created_at > now() - interval '7 days'");
    expect(recent.rows[0].n).toBeGreaterThan(1);
  });

  it('seeds at least 300 businesses over 25+ cities and 10+ categories', async () => {
    const { rows } = await client.query(`SELECT count(*)::int AS total,
        count(DISTINCT city)::int AS cities, count(DISTINCT category)::int AS categories,
        count(*) FILTER (WHERE latitude IS NULL AND longitude IS NULL)::int AS unmapped,
        count(*) FILTER (WHERE (latitude IS NULL) <> (longitude IS NULL))::int AS half_mapped,
        count(*) FILTER (WHERE verified)::int AS verified,
        count(*) FILTER (WHERE owner_id IS NULL)::int AS unowned,
        count(*) FILTER (WHERE length(description) > 120)::int AS long_descriptions,
        count(*) FILTER (WHERE created_at < now() - interval '549 days' OR created_at > now())::int AS out_of_range
      FROM businesses`);
    const s = rows[0];
    expect(s.total).toBeGreaterThanOrEqual(300);
    expect(s.cities).toBeGreaterThanOrEqual(25);
    expect(s.categories).toBeGreaterThanOrEqual(10);
    expect(s.unmapped).toBeGreaterThan(0);
    expect(s.unmapped).toBeLessThan(s.total * 0.2);
    expect(s.half_mapped).toBe(0);
    expect(s.verified).toBeGreaterThan(s.total * 0.3);
    expect(s.verified).toBeLessThan(s.total * 0.5);
    expect(s.unowned).toBeGreaterThan(0);
    expect(s.long_descriptions).toBeGreaterThan(0);
    expect(s.out_of_range).toBe(0);
  });

  it('gives each business seeded as verified a standing verification with its record: most current, some due', async () => {
    const { rows } = await client.query(`SELECT
        count(*) FILTER (WHERE verified)::int AS flagged,
        count(*) FILTER (WHERE verified_on > current_date - interval '12 months')::int AS current,
        count(*) FILTER (WHERE verified_on <= current_date - interval '12 months')::int AS due,
        count(*) FILTER (WHERE verified <> (verified_on IS NOT NULL))::int AS mismatched,
        (SELECT count(*)::int FROM verifications WHERE action = 'verified') AS records
      FROM businesses`);
    const s = rows[0];
    expect(s.mismatched).toBe(0);
    expect(s.records).toBe(s.flagged);
    expect(s.current + s.due).toBe(s.flagged);
    expect(s.due).toBeGreaterThan(0);
    expect(s.current).toBeGreaterThan(s.due * 3);
  });

  it('writes no revisions: demo businesses start with no history', async () => {
    expect((await client.query('SELECT count(*)::int AS n FROM business_revisions')).rows[0].n).toBe(0);
  });

  it("stores every business's sources, and their text as its proof_of_support", async () => {
    const { rows } = await client.query(`SELECT count(*)::int AS businesses,
        count(*) FILTER (WHERE EXISTS (SELECT 1 FROM business_sources s WHERE s.business_id = b.id))::int AS with_sources,
        (SELECT count(DISTINCT kind)::int FROM business_sources) AS kinds,
        (SELECT count(*)::int FROM business_sources WHERE url IS NOT NULL) AS linked
      FROM businesses b`);
    expect(rows[0].with_sources).toBe(rows[0].businesses);
    expect(rows[0].kinds).toBe(SOURCE_KINDS.length);
    expect(rows[0].linked).toBeGreaterThan(0);
    const { rows: sources } = await client.query(`SELECT b.proof_of_support, json_agg(json_build_object('kind', s.kind, 'url', s.url,
        'description', s.description, 'date', to_char(s.source_date, 'YYYY-MM-DD')) ORDER BY s.source_date DESC, s.id DESC) AS sources
      FROM businesses b JOIN business_sources s ON s.business_id = b.id GROUP BY b.id`);
    for (const business of sources) expect(business.proof_of_support).toBe(sourcesText(business.sources));
  });

  it('stores hours, social links and proof of support in valid shapes', async () => {
    const { rows } = await client.query(
      'SELECT postcode, business_hours, social_media, proof_of_support, website, latitude, longitude FROM businesses',
    );
    for (const b of rows) {
      expect(typeof b.proof_of_support).toBe('string');
      expect(b.proof_of_support.length).toBeGreaterThan(0);
      expect(b.business_hours).toBeTypeOf('object');
      expect(Array.isArray(b.business_hours)).toBe(false);
      for (const [day, value] of Object.entries(b.business_hours)) {
        expect(WEEKDAYS).toContain(day);
        expect(typeof value).toBe('string');
      }
      expect(b.social_media).toBeTypeOf('object');
      for (const [network, value] of Object.entries(b.social_media)) {
        expect(['facebook', 'twitter', 'instagram']).toContain(network);
        expect(typeof value).toBe('string');
        expect((value as string).length).toBeGreaterThan(0);
      }
      expect(b.website === '' || /^https:\/\//.test(b.website)).toBe(true);
      const centre = lookupOutcode(b.postcode);
      expect(centre).not.toBeNull();
      if (b.latitude !== null) {
        expect(Math.abs(b.latitude - centre!.latitude)).toBeLessThanOrEqual(0.01);
        expect(Math.abs(b.longitude - centre!.longitude)).toBeLessThanOrEqual(0.01);
      }
    }
    expect(rows.some((b) => Object.keys(b.social_media).length === 0)).toBe(true);
  });

  it('keeps vote totals in step with the votes table (trigger)', async () => {
    const { rows } = await client.query(`SELECT count(*)::int AS mismatched FROM businesses b
      WHERE b.upvotes <> (SELECT count(*) FROM votes v WHERE v.business_id = b.id AND v.vote_type = 'upvote')
         OR b.downvotes <> (SELECT count(*) FROM votes v WHERE v.business_id = b.id AND v.vote_type = 'downvote')`);
    expect(rows[0].mismatched).toBe(0);
    const totals = await client.query(`SELECT (SELECT count(*)::int FROM votes) AS votes,
      (SELECT count(*)::int FROM businesses WHERE vote_score < 0) AS negative`);
    expect(totals.rows[0].votes).toBeGreaterThan(300);
    expect(totals.rows[0].negative).toBeGreaterThan(0);
  });

  it('adds about 300 comments of 3 to 1000 characters', async () => {
    const { rows } = await client.query(
      'SELECT count(*)::int AS n, min(length(comment_text))::int AS shortest, max(length(comment_text))::int AS longest FROM comments',
    );
    expect(rows[0].n).toBeGreaterThanOrEqual(250);
    expect(rows[0].shortest).toBeGreaterThanOrEqual(3);
    expect(rows[0].longest).toBeLessThanOrEqual(1000);
  });

  it('adds pending suggestions whose current_value matches the business', async () => {
    const { rows } = await client.query(`SELECT s.*, to_jsonb(b) AS business FROM suggestions s
      JOIN businesses b ON b.id = s.business_id WHERE s.status = 'pending'`);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const s of rows) {
      expect(SUGGESTABLE_FIELDS).toContain(s.field_name);
      const current = s.business[s.field_name];
      const isObject = s.field_name === 'business_hours' || s.field_name === 'social_media';
      const empty = isObject ? Object.keys(current).length === 0 : current === '';
      expect(s.suggestion_type).toBe(empty ? 'add_missing' : 'edit_existing');
      if (empty) expect(s.current_value).toBe('');
      else if (isObject) expect(JSON.parse(s.current_value)).toEqual(current);
      else expect(s.current_value).toBe(current);
    }
    expect(rows.some((s) => s.suggestion_type === 'add_missing')).toBe(true);
    expect(rows.some((s) => s.user_id === null)).toBe(true);
  });

  it('adds pending reports, one business with five', async () => {
    const { rows } = await client.query("SELECT business_id, reason FROM reports WHERE status = 'pending'");
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const r of rows) expect(REPORT_REASONS).toContain(r.reason);
    const per = new Map<number, number>();
    for (const r of rows) per.set(r.business_id, (per.get(r.business_id) ?? 0) + 1);
    expect(Math.max(...per.values())).toBe(5);
  });

  it('is idempotent: a second run inserts, updates and deletes nothing', async () => {
    const before = await snapshot(client);
    const second = await seedDemoData(db.url, { adminPassword: 'a-different-password' });
    expect(second.adminCreated).toBe(false);
    expect(second.demoDataCreated).toBe(false);
    expect(Object.values(second.inserted).every((n) => n === 0)).toBe(true);
    expect(await snapshot(client)).toEqual(before);
  }, 60_000);
});

describe('seedDemoData concurrency and guards (real Postgres)', () => {
  let db: ThrowawayDatabase;

  beforeAll(async () => {
    db = await createThrowawayDatabase(baseUrl, 'zaytoon_seed_test');
    await runMigrations(db.url);
  }, 120_000);

  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('rejects a missing or short admin password', async () => {
    await expect(seedDemoData(db.url, { adminPassword: '' })).rejects.toThrow(/adminPassword/);
  });

  it('seeds exactly once when two runs race', async () => {
    const results = await Promise.all([
      seedDemoData(db.url, { adminPassword: ADMIN_PASSWORD }),
      seedDemoData(db.url, { adminPassword: ADMIN_PASSWORD }),
    ]);
    expect(results.filter((r) => r.demoDataCreated)).toHaveLength(1);
    expect(results.filter((r) => r.adminCreated)).toHaveLength(1);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query(
        "SELECT (SELECT count(*)::int FROM users WHERE username = 'admin') AS admins, (SELECT count(*)::int FROM businesses) AS businesses",
      );
      expect(rows[0].admins).toBe(1);
      expect(rows[0].businesses).toBe(results.find((r) => r.demoDataCreated)!.inserted.businesses);
    } finally {
      await client.end();
    }
  }, 60_000);
});
