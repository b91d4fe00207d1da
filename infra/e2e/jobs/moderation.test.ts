// moderation queue, end to end: an admin approves a report → the business is hidden from every
// answer at once → the approve-report-cascade job in the worker process deletes the business and
// everything hanging off it within 5 s, with an audit trail.
import type pg from 'pg';
import { expect, test } from '../support/test';
import { ApiClient, businessInput, database, eventually, signInAdmin, signUp, type Member } from './api-client';

let db: pg.Pool;
let admin: ApiClient;
let adminId: number;
let member: Member;

test.beforeAll(async () => {
  db = database();
  admin = await signInAdmin();
  adminId = (await admin.get('/api/auth/me')).body.id;
  member = await signUp('mod');
});

test.afterAll(async () => {
  await db?.end();
});

// As text: the files of a worker share one `pg`, whose int8 parser @zaytoon/core turns to numbers once it is loaded.
const count = async (table: string, businessId: number) =>
  (
    await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table} WHERE ${table === 'businesses' ? 'id' : 'business_id'} = $1`, [
      businessId,
    ])
  ).rows[0].n;

async function created(client: ApiClient, path: string, body: unknown) {
  const answer = await client.post(path, body);
  expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(201);
  return answer.body;
}

test.describe('moderation queue (approve a report)', () => {
  test('hides the business at once and removes it with its votes, comments, suggestions and reports within 5 s', async () => {
    const name = `Jobs E2E Doomed Cafe ${Date.now()}`;
    const business = await created(member.client, '/api/businesses', businessInput(name));
    const keptBusiness = await created(member.client, '/api/businesses', businessInput(`Jobs E2E Kept Cafe ${Date.now()}`));

    expect((await member.client.post(`/api/businesses/${business.id}/vote`, { vote_type: 'upvote' })).status).toBe(200);
    expect((await admin.post(`/api/businesses/${business.id}/vote`, { vote_type: 'downvote' })).status).toBe(200);
    expect((await member.client.post(`/api/businesses/${keptBusiness.id}/vote`, { vote_type: 'upvote' })).status).toBe(200);
    await created(member.client, `/api/businesses/${business.id}/comments`, { comment_text: 'This place does not exist.' });
    await created(admin, `/api/businesses/${business.id}/comments`, { comment_text: 'Looking into it.' });
    await created(member.client, `/api/businesses/${keptBusiness.id}/comments`, { comment_text: 'Lovely coffee here.' });
    await created(member.client, `/api/businesses/${business.id}/suggestions`, { field_name: 'phone', suggested_value: '020 7946 0000' });
    const report = await created(member.client, '/api/reports', { business_id: business.id, reason: 'Spam or duplicate', description: 'Made up.' });
    await created(admin, '/api/reports', { business_id: business.id, reason: 'Business closed/moved' });

    const before = { votes: '2', comments: '2', suggestions: '1', reports: '2' };
    for (const [table, n] of Object.entries(before)) expect(await count(table, business.id), table).toBe(n);

    // Warm every cached answer that holds the business, for the public and for admins: list pages
    // (searched, and filtered by its city) and the directory summary.
    const search = `?search=${encodeURIComponent(name)}`;
    const inCity = `${search}&city=London`;
    const listed = async (client: ApiClient, query: string) =>
      ((await client.get(`/api/businesses${query}`)).body as Array<{ id: number }>).some((b) => b.id === business.id);
    const counted = async (client: ApiClient) => (await client.get(`/api/businesses/summary${search}`)).body.total as number;
    const visitor = new ApiClient();
    expect(await listed(visitor, inCity)).toBe(true);
    expect(await listed(visitor, search)).toBe(true);
    expect(await listed(admin, search)).toBe(true);
    expect(await counted(visitor)).toBe(1);
    expect(await counted(admin)).toBe(1);
    expect((await visitor.get(`/api/businesses/${business.id}`)).status).toBe(200);
    const pending = (await admin.get('/api/admin/reports/pending')).body as Array<{ id: number }>;
    expect(pending.map((r) => r.id)).toContain(report.id);

    const approved = await admin.post(`/api/admin/reports/${report.id}/review?action=approve`);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.message).toBe('Report approved and business removed');

    // At once, whatever the job has done so far.
    expect(await listed(visitor, inCity)).toBe(false);
    expect(await listed(visitor, search)).toBe(false);
    expect(await listed(admin, search)).toBe(false);
    expect(await counted(visitor)).toBe(0);
    expect(await counted(admin)).toBe(0);
    expect((await visitor.get(`/api/businesses/${business.id}`)).status).toBe(404);
    expect((await admin.get(`/api/businesses/${business.id}`)).status).toBe(404);
    expect(await listed(new ApiClient(), search)).toBe(false);

    // The cascade deletes the rows (how fast: npm run bench:jobs).
    await eventually(async () => (await count('businesses', business.id)) === '0', 30_000, 'the business row to be deleted');
    for (const table of ['votes', 'comments', 'suggestions', 'reports']) expect(await count(table, business.id), table).toBe('0');

    // Nothing else was touched.
    expect(await count('businesses', keptBusiness.id)).toBe('1');
    expect(await count('votes', keptBusiness.id)).toBe('1');
    expect(await count('comments', keptBusiness.id)).toBe('1');

    // The admin's decision and the cascade are both in the audit log.
    const { rows: audit } = await db.query(
      `SELECT actor_id, action, target_type, target_id, details FROM audit_log
        WHERE (target_type = 'report' AND target_id = $1) OR (target_type = 'business' AND target_id = $2)
        ORDER BY id`,
      [report.id, business.id],
    );
    expect(audit).toEqual([
      { actor_id: adminId, action: 'report.approved', target_type: 'report', target_id: report.id, details: { business_id: business.id } },
      {
        actor_id: adminId,
        action: 'business.removed',
        target_type: 'business',
        target_id: business.id,
        details: expect.objectContaining({
          business_name: name,
          report_id: report.id,
          deleted: { reports: 2, votes: 2, comments: 2, suggestions: 1 },
        }),
      },
    ]);

    // Neither report waits for review any more, and the business is gone for good.
    const after = (await admin.get('/api/admin/reports/pending')).body as Array<{ business_id: number }>;
    expect(after.filter((r) => r.business_id === business.id)).toEqual([]);
    expect((await visitor.get(`/api/businesses/${business.id}`)).status).toBe(404);
    expect((await visitor.get(`/api/businesses/${keptBusiness.id}`)).status).toBe(200);
  });
});
