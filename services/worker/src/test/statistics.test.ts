import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_RULES } from '@zaytoon/contract';
import { OPEN_DATA_SCHEDULER_ID, StatisticsRepository, STATISTICS_SCHEDULER_ID, StatisticsService } from '@zaytoon/core';
import type { RunningWorker } from '../worker';
import { insertBusiness, insertUser } from './fixtures';
import { createTestContext, startWorker, waitFor, waitForJob, type TestContext } from './test-context';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context?.close();
});

describe('statistics', () => {
  it('read() computes and stores the rollup when there is none yet, in SPEC §3 shape', async () => {
    const admin = await insertUser(context.db, { isAdmin: true });
    await insertUser(context.db);
    const business = await insertBusiness(context.db, { verified: true });
    await insertBusiness(context.db);
    await context.db.query(`INSERT INTO reports (business_id, reported_by, reason) VALUES ($1, $2, 'Other')`, [business.id, admin.id]);
    await context.db.query(
      `INSERT INTO suggestions (business_id, field_name, suggested_value, suggestion_type, status)
       VALUES ($1, 'phone', '1', 'add_missing', 'pending'), ($1, 'phone', '2', 'add_missing', 'rejected')`,
      [business.id],
    );
    await context.db.query(`UPDATE users SET created_at = now() - interval '30 days' WHERE id = $1`, [admin.id]);

    const service = new StatisticsService(new StatisticsRepository(context.db), context.producer);
    expect((await context.db.query('SELECT 1 FROM statistics_rollup')).rowCount).toBe(0);
    const answer = await service.read();
    expect(answer).toEqual({
      users: { total: 2, admins: 1, regular: 1, recent_registrations: 1 },
      businesses: { total: 2, verified: 1, unverified: 1 },
      pending: { reports: 1, suggestions: 1 },
      computed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect((await context.db.query('SELECT 1 FROM statistics_rollup')).rowCount).toBe(1);
    // A second read answers the stored row as it is.
    await insertUser(context.db);
    expect(await service.read()).toEqual(answer);
  });

  it('on-demand refreshes coalesce while one is waiting', async () => {
    const service = new StatisticsService(new StatisticsRepository(context.db), context.producer);
    await context.queues.statistics.obliterate({ force: true });
    for (let i = 0; i < 5; i++) await service.requestRefresh(`change ${i}`);
    const waiting = await context.queues.statistics.getJobs(['waiting', 'prioritized', 'delayed']);
    expect(waiting.filter((job) => job.name === 'refresh-statistics')).toHaveLength(1);
    await context.queues.statistics.obliterate({ force: true });
  });

  describe('with the worker running', () => {
    let worker: RunningWorker;
    beforeAll(async () => {
      worker = await startWorker(context);
    });
    afterAll(async () => {
      await worker?.stop();
    });

    it('registers the 30-second job scheduler at boot (beside the open data build of its queue, every 10 minutes)', async () => {
      const schedulers = await context.queues.statistics.getJobSchedulers();
      expect(schedulers).toHaveLength(2);
      expect(schedulers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ key: STATISTICS_SCHEDULER_ID, name: 'refresh-statistics', every: 30_000 }),
          expect.objectContaining({ key: OPEN_DATA_SCHEDULER_ID, name: 'build-open-data', every: 30_000 }),
        ]),
      );
    });

    it('a refresh-statistics job reflects a new user', async () => {
      const service = new StatisticsService(new StatisticsRepository(context.db));
      const before = await service.refresh();
      await insertUser(context.db);
      const jobId = await context.producer.enqueue('refreshStatistics', { reason: 'user.created' });
      const result = await waitForJob(context.queues.statistics, jobId!);
      expect(result.state).toBe('completed');
      const after = await service.read();
      expect(after.users.total).toBe(before.users.total + 1);
      expect(after.users.recent_registrations).toBe(before.users.recent_registrations + 1);
      expect(Date.parse(after.computed_at)).toBeGreaterThan(Date.parse(before.computed_at));
    });

    it("a refresh-statistics job moves the directory rollups' verification cut-off to today's", async () => {
      const cutoff = async () =>
        (
          await context.db.query<{ stored: string; today: string }>(
            `SELECT to_char(verified_after, 'YYYY-MM-DD') AS stored, to_char(current_date - make_interval(months => $1), 'YYYY-MM-DD') AS today
               FROM directory_verification_cutoff`,
            [TRUST_RULES.verificationValidMonths],
          )
        ).rows[0];
      await context.db.query('SELECT directory_verification_advance((current_date - make_interval(months => $1))::date - 3)', [
        TRUST_RULES.verificationValidMonths,
      ]);
      expect((await cutoff()).stored).not.toBe((await cutoff()).today);
      const jobId = await context.producer.enqueue('refreshStatistics', { reason: 'cut-off' });
      expect((await waitForJob(context.queues.statistics, jobId!)).state).toBe('completed');
      const after = await cutoff();
      expect(after.stored).toBe(after.today);
    });
  });

  describe('with a slow worker', () => {
    let worker: RunningWorker;
    beforeAll(async () => {
      await context.queues.statistics.obliterate({ force: true });
      worker = await startWorker(context, { WORKER_TEST_DELAY_MS: '1500', STATISTICS_REFRESH_EVERY_MS: '3600000' });
    });
    afterAll(async () => {
      await worker?.stop();
    });

    it('requests made while a refresh runs are kept as exactly one follow-up, not dropped', async () => {
      const service = new StatisticsService(new StatisticsRepository(context.db), context.producer);
      const mine = async (states: ('active' | 'waiting' | 'completed')[]) =>
        (await context.queues.statistics.getJobs(states)).filter((job) => job.data.reason.startsWith('change'));
      await service.requestRefresh('change 1');
      await waitFor(async () => (await mine(['active'])).length === 1, 5_000, 'the first refresh to run');
      await service.requestRefresh('change 2');
      await service.requestRefresh('change 3');
      // BullMQ keeps the latest request aside and adds it as a new job once the running one ends.
      await waitFor(async () => (await mine(['completed'])).length === 2, 10_000, 'the follow-up refresh');
      expect((await mine(['completed'])).map((job) => job.data.reason).sort()).toEqual(['change 1', 'change 3']);
      // A later request runs behind any extra refresh the three could have left: once it is done, so is any such refresh.
      const sentinelId = await context.producer.enqueue('refreshStatistics', { reason: 'sentinel' });
      expect((await waitForJob(context.queues.statistics, sentinelId!)).state).toBe('completed');
      expect((await mine(['active', 'waiting', 'completed'])).map((job) => job.data.reason).sort()).toEqual(['change 1', 'change 3']);
    });
  });
});
