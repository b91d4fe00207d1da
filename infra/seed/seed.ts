import type pg from 'pg';
import { sourcesText } from '@zaytoon/contract';
import {
  BUSINESS_WRITABLE_FIELDS,
  BusinessesRepository,
  businessFieldValues,
  hashPassword,
  createPool,
  inTransaction,
  setRevisionContext,
} from '@zaytoon/core';
import { batchInsert } from './batch-insert';
import { verifySeededBusinesses } from './seeded-verifications';
import { DEFAULT_SEED, DEMO_MEMBER_PASSWORD, generateDemoData, type DemoData } from './demo-data';

export const DEV_ADMIN = { username: 'admin', email: 'admin@example.com', name: 'Admin' } as const;

/** Serialises concurrent seed runs (two `npm start`s on one database). Any constant bigint would do. */
const SEED_LOCK_KEY = 7_402_961_150;

export interface SeedOptions {
  adminPassword: string;
  /** Progress messages; silent by default. */
  log?: (message: string) => void;
  /** Timestamps are spread over the 18 months before this instant (default: now). */
  now?: Date;
  /** PRNG seed; the default gives the standard demo data set. */
  seed?: number;
}

export interface SeedCounts {
  members: number;
  businesses: number;
  votes: number;
  comments: number;
  suggestions: number;
  reports: number;
}

export interface SeedSummary {
  adminCreated: boolean;
  demoDataCreated: boolean;
  /** Why demo data was not added, when it was not. */
  skippedReason: string | null;
  /** Rows this run inserted (all zero when it changed nothing). */
  inserted: SeedCounts;
  durationMs: number;
}

const NO_ROWS: SeedCounts = { members: 0, businesses: 0, votes: 0, comments: 0, suggestions: 0, reports: 0 };

/**
 * Seeds the dev admin and the demo data set, in one transaction. Idempotent:
 * - the admin is inserted only when no user is called `admin` / `admin@example.com` (an existing one's address is
 *   confirmed if it was not; nothing else of it is touched, so its password is not reset);
 * - demo data is inserted only into a directory with no businesses and none of the demo members — after a first
 *   run both markers exist, so later runs insert, update and delete nothing.
 * A transaction-scoped advisory lock makes concurrent runs wait for each other instead of both seeding.
 */
export async function seedDemoData(databaseUrl: string, opts: SeedOptions): Promise<SeedSummary> {
  if (typeof opts?.adminPassword !== 'string' || opts.adminPassword.length < 6) {
    throw new Error('seedDemoData: adminPassword must be at least 6 characters');
  }
  const log = opts.log ?? (() => {});
  const started = performance.now();
  // Batch work: the demo inserts may outlast the database's statement timeout on a busy machine.
  const pool = createPool(databaseUrl, 1, { statementTimeoutMs: 0 });
  try {
    const summary = await inTransaction(pool, async (client) => {
      // Batch work, like the migrations: the database's statement timeout is the API's, and a second seed waits here
      // for the first one's whole transaction.
      await client.query('SET LOCAL statement_timeout = 0');
      await client.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
      // Demo data has no history: revisions start with the first change made in the app.
      await setRevisionContext(client, { kind: 'seed', actorId: null });
      const adminCreated = await ensureDevAdmin(client, opts.adminPassword);
      log(adminCreated ? `Created dev admin "${DEV_ADMIN.username}"` : `Dev admin "${DEV_ADMIN.username}" already exists`);

      const data = generateDemoData(opts.now ?? new Date(), opts.seed ?? DEFAULT_SEED);
      const skippedReason = await demoDataPresent(client, data);
      await confirmSeededAddresses(client, data);
      if (skippedReason) {
        log(`Demo data not added: ${skippedReason}`);
        return { adminCreated, demoDataCreated: false, skippedReason, inserted: NO_ROWS };
      }
      const inserted = await insertDemoData(client, data);
      await verifySeededBusinesses(client);
      // Inserted by SQL, the hours wait for their open intervals ('Open now').
      await new BusinessesRepository(client).parsePendingHours();
      log(
        `Demo data added: ${inserted.members} members, ${inserted.businesses} businesses, ${inserted.votes} votes, ` +
          `${inserted.comments} comments, ${inserted.suggestions} suggestions, ${inserted.reports} reports`,
      );
      return { adminCreated, demoDataCreated: true, skippedReason: null, inserted };
    });
    return { ...summary, durationMs: Math.round(performance.now() - started) };
  } finally {
    await pool.end();
  }
}

async function ensureDevAdmin(client: pg.PoolClient, password: string): Promise<boolean> {
  const existing = await client.query('SELECT id FROM users WHERE lower(username) = lower($1) OR lower(email) = lower($2) LIMIT 1', [
    DEV_ADMIN.username,
    DEV_ADMIN.email,
  ]);
  if (existing.rowCount) return false;
  const passwordHash = await hashPassword(password);
  const result = await client.query(
    `INSERT INTO users (email, username, name, password_hash, is_admin, email_confirmed_at)
     VALUES ($1, $2, $3, $4, true, now()) ON CONFLICT DO NOTHING RETURNING id`,
    [DEV_ADMIN.email, DEV_ADMIN.username, DEV_ADMIN.name, passwordHash],
  );
  return (result.rowCount ?? 0) > 0;
}

/**
 * The dev admin and the demo members count as confirmed (their example.com addresses get no mail anyway).
 * Accounts seeded before email confirmation existed are confirmed here on the next run; later runs change nothing.
 */
async function confirmSeededAddresses(client: pg.PoolClient, data: DemoData): Promise<void> {
  await client.query(
    `UPDATE users SET email_confirmed_at = created_at
      WHERE email_confirmed_at IS NULL AND (lower(username) = lower($1) OR lower(email) = lower($2) OR lower(email) = ANY($3::text[]))`,
    [DEV_ADMIN.username, DEV_ADMIN.email, data.members.map((member) => member.email.toLowerCase())],
  );
}

/** The demo markers: any business at all, or any demo member. Returns why seeding is skipped, or null. */
async function demoDataPresent(client: pg.PoolClient, data: DemoData): Promise<string | null> {
  const emails = data.members.map((member) => member.email.toLowerCase());
  const { rows } = await client.query<{ has_businesses: boolean; has_members: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM businesses) AS has_businesses,
            EXISTS (SELECT 1 FROM users WHERE lower(email) = ANY($1::text[])) AS has_members`,
    [emails],
  );
  if (rows[0].has_members) return 'demo members already exist (seeded before)';
  if (rows[0].has_businesses) return 'the directory already has businesses';
  return null;
}

async function insertDemoData(client: pg.PoolClient, data: DemoData): Promise<SeedCounts> {
  const memberHash = await hashPassword(DEMO_MEMBER_PASSWORD);

  // Members. A real account may already hold one of the demo usernames: that member is simply left out.
  await batchInsert(
    client,
    'users',
    ['email', 'username', 'name', 'password_hash', 'created_at', 'email_confirmed_at'],
    data.members.map((m) => [m.email, m.username, m.name, memberHash, m.createdAt, m.createdAt]),
    { onConflict: 'ON CONFLICT DO NOTHING' },
  );
  const memberRows = await client.query<{ id: number; email: string }>(
    'SELECT id, lower(email) AS email FROM users WHERE lower(email) = ANY($1::text[])',
    [data.members.map((m) => m.email.toLowerCase())],
  );
  const idByEmail = new Map(memberRows.rows.map((row) => [row.email, row.id]));
  const memberIds = data.members.map((m) => idByEmail.get(m.email.toLowerCase()) ?? null);

  // Businesses (names are unique in the demo set, which maps RETURNING rows back to them).
  const businessRows = await batchInsert<{ id: number; name: string }>(
    client,
    'businesses',
    ['owner_id', ...BUSINESS_WRITABLE_FIELDS, 'proof_of_support', 'latitude', 'longitude', 'verified', 'created_at', 'updated_at'],
    data.businesses.map((b) => [
      b.owner === null ? null : memberIds[b.owner],
      ...businessFieldValues({
        ...b,
        name_latin: b.nameLatin ?? '',
        proof_of_support: '',
        business_hours: b.businessHours,
        social_media: b.socialMedia,
      }),
      sourcesText(b.sources),
      b.latitude,
      b.longitude,
      b.verified,
      b.createdAt,
      b.createdAt,
    ]),
    { returning: 'id, name' },
  );
  const idByName = new Map(businessRows.map((row) => [row.name, row.id]));
  const businessIds = data.businesses.map((b) => {
    const id = idByName.get(b.name);
    if (id === undefined) throw new Error(`seed: business "${b.name}" was not inserted`);
    return id;
  });

  // Sources, each business's oldest first so that ids follow their dates as the service's writes do.
  await batchInsert(
    client,
    'business_sources',
    ['business_id', 'kind', 'url', 'description', 'source_date', 'added_by', 'created_at'],
    data.businesses.flatMap((b, index) =>
      b.sources
        .toReversed()
        .map((source) => [
          businessIds[index],
          source.kind,
          source.url || null,
          source.description,
          source.date,
          b.owner === null ? null : memberIds[b.owner],
          b.createdAt,
        ]),
    ),
  );

  // Votes: the votes_keep_totals trigger maintains businesses.upvotes / downvotes.
  const votes = data.votes.filter((v) => memberIds[v.member] !== null);
  await batchInsert(
    client,
    'votes',
    ['business_id', 'user_id', 'vote_type', 'created_at'],
    votes.map((v) => [businessIds[v.business], memberIds[v.member], v.voteType, v.createdAt]),
  );

  const comments = data.comments.filter((c) => memberIds[c.member] !== null);
  await batchInsert(
    client,
    'comments',
    ['business_id', 'user_id', 'comment_text', 'created_at'],
    comments.map((c) => [businessIds[c.business], memberIds[c.member], c.text, c.createdAt]),
  );

  await batchInsert(
    client,
    'suggestions',
    ['business_id', 'user_id', 'field_name', 'suggested_value', 'current_value', 'reason', 'suggestion_type', 'created_at'],
    data.suggestions.map((s) => [
      businessIds[s.business],
      s.member === null ? null : memberIds[s.member],
      s.fieldName,
      s.suggestedValue,
      s.currentValue,
      s.reason,
      s.suggestionType,
      s.createdAt,
    ]),
  );

  await batchInsert(
    client,
    'reports',
    ['business_id', 'reported_by', 'reason', 'description', 'created_at'],
    data.reports.map((r) => [businessIds[r.business], memberIds[r.member], r.reason, r.description, r.createdAt]),
  );

  return {
    members: memberIds.filter((id) => id !== null).length,
    businesses: businessIds.length,
    votes: votes.length,
    comments: comments.length,
    suggestions: data.suggestions.length,
    reports: data.reports.length,
  };
}
