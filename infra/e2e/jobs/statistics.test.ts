// statistics queue, end to end: /api/admin/statistics reads a rollup that the refresh-statistics
// job keeps fresh (on events, coalesced, and every 30 s by a job scheduler in the worker).
import type pg from 'pg';
import { expect, test } from '../support/test';
import { database, eventually, signInAdmin, signUp, type ApiClient } from './api-client';

interface Statistics {
  users: { total: number; admins: number; regular: number; recent_registrations: number };
  businesses: { total: number; verified: number; unverified: number };
  pending: { reports: number; suggestions: number };
  computed_at: string;
}

let db: pg.Pool;
let admin: ApiClient;

test.beforeAll(async () => {
  db = database();
  admin = await signInAdmin();
});

test.afterAll(async () => {
  await db?.end();
});

async function statistics(): Promise<Statistics> {
  const answer = await admin.get<Statistics>('/api/admin/statistics');
  expect(answer.status).toBe(200);
  return answer.body;
}

test.describe('statistics queue (admin statistics rollup)', () => {
  test('counts a new user within 60 s', async () => {
    test.setTimeout(90_000);
    const before = await statistics();
    // CONTRACT: the rollup is at most 60 s old.
    expect(Date.now() - Date.parse(before.computed_at)).toBeLessThan(60_000);

    const signedUpAt = Date.now();
    const member = await signUp('stats');
    const after = await eventually(
      async () => {
        const now = await statistics();
        return Date.parse(now.computed_at) >= signedUpAt - 1_000 && now.users.total >= before.users.total + 1 ? now : null;
      },
      60_000,
      'the statistics to count the new user',
    );
    console.log(`statistics counted the new user after ${Date.now() - signedUpAt} ms`);

    const { rows } = await db.query<{ total: number; regular: number; recent: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE NOT is_admin)::int AS regular,
              count(*) FILTER (WHERE created_at > now() - interval '7 days')::int AS recent
         FROM users WHERE created_at <= $1`,
      [after.computed_at],
    );
    expect(after.users.total).toBe(rows[0].total);
    expect(after.users.regular).toBe(rows[0].regular);
    expect(after.users.recent_registrations).toBeGreaterThanOrEqual(before.users.recent_registrations + 1);
    expect((await db.query('SELECT 1 FROM users WHERE id = $1', [member.id])).rowCount).toBe(1);

    // A member is refused the statistics.
    expect((await member.client.get('/api/admin/statistics')).status).toBe(403);
  });
});
