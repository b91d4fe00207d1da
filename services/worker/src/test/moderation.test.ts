import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryVersionRepository } from '@zaytoon/core';
import type { RunningWorker } from '../worker';
import { insertBusiness, insertUser } from './fixtures';
import { createTestContext, startWorker, waitFor, waitForJob, type TestContext } from './test-context';

let context: TestContext;
let worker: RunningWorker;

beforeAll(async () => {
  context = await createTestContext();
  // No scheduled refresh mid-test: every rollup after boot comes from a cascade's request.
  worker = await startWorker(context, { STATISTICS_REFRESH_EVERY_MS: '3600000' });
});

afterAll(async () => {
  await worker?.stop();
  await context?.close();
});

async function reportedBusiness() {
  const admin = await insertUser(context.db, { isAdmin: true });
  const member = await insertUser(context.db);
  const business = await insertBusiness(context.db, { ownerId: member.id });
  const other = await insertBusiness(context.db);
  const db = context.db;
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO reports (business_id, reported_by, reason) VALUES ($1, $2, 'Spam or duplicate'), ($1, $3, 'Other'), ($4, $2, 'Other') RETURNING id`,
    [business.id, member.id, admin.id, other.id],
  );
  await db.query(`INSERT INTO votes (business_id, user_id, vote_type) VALUES ($1, $2, 'upvote'), ($1, $3, 'downvote'), ($4, $2, 'upvote')`, [
    business.id,
    member.id,
    admin.id,
    other.id,
  ]);
  await db.query(`INSERT INTO comments (business_id, user_id, comment_text) VALUES ($1, $2, 'Lovely place'), ($3, $2, 'Kept')`, [
    business.id,
    member.id,
    other.id,
  ]);
  await db.query(
    `INSERT INTO suggestions (business_id, user_id, field_name, suggested_value, suggestion_type) VALUES ($1, $2, 'phone', '0123', 'add_missing')`,
    [business.id, member.id],
  );
  return { admin, business, other, reportId: rows[0].id };
}

const count = async (sql: string, params: unknown[]) => (await context.db.query<{ n: number }>(sql, params)).rows[0].n;

describe('approve-report-cascade', () => {
  it('removes the business and its reports, votes, comments and suggestions in one go, with one audit row', async () => {
    const { admin, business, other, reportId } = await reportedBusiness();
    const versions = new DirectoryVersionRepository(context.db);
    const versionBefore = await versions.current();

    const startedAt = (await context.db.query<{ now: Date }>('SELECT clock_timestamp() AS now')).rows[0].now;
    const jobId = await context.producer.enqueue('approveReportCascade', { reportId, businessId: business.id, adminId: admin.id });
    expect(jobId).toBe(`remove-business-${business.id}`);
    const result = await waitForJob(context.queues.moderation, jobId!);
    expect(result.state).toBe('completed');
    expect(result.returnvalue).toMatchObject({ status: 'removed', deleted: { reports: 2, votes: 2, comments: 1, suggestions: 1 } });

    for (const table of ['reports', 'votes', 'comments', 'suggestions']) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE business_id = $1`, [business.id]), table).toBe(0);
    }
    for (const table of ['reports', 'votes', 'comments']) {
      expect(await count(`SELECT count(*) AS n FROM ${table} WHERE business_id = $1`, [other.id]), `${table} of another business`).toBe(1);
    }
    expect(await count('SELECT count(*) AS n FROM businesses WHERE id = $1', [business.id])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM businesses WHERE id = $1', [other.id])).toBe(1);

    const audit = await context.db.query('SELECT actor_id, action, target_type, target_id, details FROM audit_log WHERE target_id = $1', [
      business.id,
    ]);
    expect(audit.rows).toEqual([
      {
        actor_id: admin.id,
        action: 'business.removed',
        target_type: 'business',
        target_id: business.id,
        details: expect.objectContaining({ business_name: business.name, report_id: reportId }),
      },
    ]);

    expect(await versions.current()).not.toBe(versionBefore);
    // It asked for fresh statistics, and they no longer count the business.
    const stats = await waitFor(
      async () => (await context.db.query('SELECT statistics FROM statistics_rollup WHERE computed_at > $1', [startedAt])).rows[0]?.statistics,
      10_000,
      'a statistics refresh after the cascade',
    );
    expect(stats.businesses.total).toBe(await count('SELECT count(*) AS n FROM businesses', []));
  });

  it('is idempotent: a second run for a business already gone succeeds and writes no second audit row', async () => {
    const { admin, business, reportId } = await reportedBusiness();
    const payload = { reportId, businessId: business.id, adminId: admin.id };
    const first = await context.producer.enqueue('approveReportCascade', payload);
    expect((await waitForJob(context.queues.moderation, first!)).state).toBe('completed');

    // The same id is a no-op while the finished job is kept; a job under another id runs the cascade again.
    expect(await context.producer.enqueue('approveReportCascade', payload)).toBe(first);
    const again = await context.queues.moderation.add('approve-report-cascade', payload, { jobId: `again-${business.id}` });
    const result = await waitForJob(context.queues.moderation, again.id!);
    expect(result).toMatchObject({ state: 'completed', returnvalue: { status: 'already-gone', businessId: business.id } });
    expect(await count('SELECT count(*) AS n FROM audit_log WHERE target_id = $1', [business.id])).toBe(1);
  });

  it('rolls back everything when a step fails', async () => {
    const { admin, business, reportId } = await reportedBusiness();
    // A trigger that makes the audit insert fail stands in for a crash mid-transaction.
    await context.db.query(`CREATE FUNCTION fail_audit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit down'; END $$`);
    await context.db.query('CREATE TRIGGER fail_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION fail_audit()');
    try {
      const job = await context.queues.moderation.add(
        'approve-report-cascade',
        { reportId, businessId: business.id, adminId: admin.id },
        { jobId: `rollback-${business.id}`, attempts: 1 },
      );
      const result = await waitForJob(context.queues.moderation, job.id!);
      expect(result.state).toBe('failed');
      expect(result.failedReason).toMatch(/audit down/);
      expect(await count('SELECT count(*) AS n FROM businesses WHERE id = $1', [business.id])).toBe(1);
      expect(await count('SELECT count(*) AS n FROM reports WHERE business_id = $1', [business.id])).toBe(2);
      expect(await count('SELECT count(*) AS n FROM votes WHERE business_id = $1', [business.id])).toBe(2);
    } finally {
      await context.db.query('DROP TRIGGER fail_audit ON audit_log; DROP FUNCTION fail_audit()');
    }
  });
});
