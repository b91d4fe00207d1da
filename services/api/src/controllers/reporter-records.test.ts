import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Business, Report } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness, reportByNewMembers } from '../test/fixtures';

let api: TestApi;
let owner: ApiTestClient;
let admin: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  owner = api.client();
  await owner.signup();
  admin = await adminClient(api);
});
afterAll(async () => api?.stop());

const pendingReport = async (id: number): Promise<Report> => {
  const { body } = await admin.get<Report[]>('/api/admin/reports/pending?limit=100');
  const report = body.find((one) => one.id === id);
  if (!report) throw new Error(`report ${id} is not pending`);
  return report;
};

const latestReportOf = async (businessId: number, reportId: number): Promise<Report | undefined> => {
  const { body } = await admin.get<Business[]>('/api/admin/businesses/reported?limit=100');
  return body.find((business) => business.id === businessId)?.latest_reports?.find((report) => report.id === reportId);
};

const report = async (client: ApiTestClient, businessId: number): Promise<Report> => {
  const answer = await client.post('/api/reports', { business_id: businessId, reason: 'Other', description: 'not as listed' });
  if (answer.status !== 201) throw new Error(`report failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

const review = async (reportId: number, action: 'approve' | 'reject') =>
  expect((await admin.post(`/api/admin/reports/${reportId}/review?action=${action}`)).status).toBe(200);

describe("a pending report carries its reporter's record", () => {
  it('counts earlier reports rejected, and upheld ones even after the approved business and its reports are deleted', async () => {
    const reporter = api.client();
    const account = await reporter.signup();
    await api.core.db.query("UPDATE users SET created_at = now() - interval '2 days 3 hours' WHERE id = $1", [account.id]);
    const [rejectedOne, rejectedTwo, approved, alsoPending, stillPending] = await Promise.all(Array.from({ length: 5 }, () => createBusiness(owner)));
    await review((await report(reporter, rejectedOne.id)).id, 'reject');
    await review((await report(reporter, rejectedTwo.id)).id, 'reject');
    // Another member's report is pending on the business whose report is approved: it is upheld too.
    const [other] = await reportByNewMembers(api, approved.id, ['Spam or duplicate']);
    await review((await report(reporter, approved.id)).id, 'approve');
    // The moderation cascade deletes the business with every report on it; the records must outlive them.
    await api.core.db.query('DELETE FROM businesses WHERE id = $1', [approved.id]);

    const current = await report(reporter, stillPending.id);
    const created = (await api.core.db.query('SELECT created_at FROM users WHERE id = $1', [account.id])).rows[0].created_at as Date;
    const expected = { username: account.username, account_created_at: created.toISOString(), reports_upheld: 1, reports_rejected: 2 };
    expect((await pendingReport(current.id)).reporter).toEqual(expected);
    expect((await latestReportOf(stillPending.id, current.id))?.reporter).toEqual(expected);

    const othersNext = await report(await loginAs(other.reported_by as number), alsoPending.id);
    expect((await pendingReport(othersNext.id)).reporter).toMatchObject({ reports_upheld: 1, reports_rejected: 0 });
  });

  it('a first report shows a clean record, and the member who made it gets no record back', async () => {
    const business = await createBusiness(owner);
    const reporter = api.client();
    const account = await reporter.signup();
    const made = await report(reporter, business.id);
    expect(made).not.toHaveProperty('reporter');
    expect((await pendingReport(made.id)).reporter).toMatchObject({ username: account.username, reports_upheld: 0, reports_rejected: 0 });
  });

  it("a deleted reporter's report has no record and no username: the admin screen reads 'former member'", async () => {
    const business = await createBusiness(owner);
    const reporter = api.client();
    await reporter.signup();
    const made = await report(reporter, business.id);
    expect((await reporter.post('/api/auth/delete-account')).status).toBe(200);
    expect(await pendingReport(made.id)).toMatchObject({ reported_by: null, reporter_username: null, reporter: null });
    expect(await latestReportOf(business.id, made.id)).toMatchObject({ reporter_username: null, reporter: null });
  });

  it('reads the records of a whole page in as many statements as one report', async () => {
    const business = await createBusiness(owner);
    await reportByNewMembers(
      api,
      business.id,
      Array.from({ length: 12 }, () => 'Other'),
    );
    const statementsFor = async (path: string) => {
      const spy = vi.spyOn(api.core.db, 'query');
      try {
        const answer = await admin.get<Report[]>(path);
        expect(answer.body.every((one) => one.reporter !== undefined)).toBe(true);
        return { statements: spy.mock.calls.length, items: answer.body.length };
      } finally {
        spy.mockRestore();
      }
    };
    const one = await statementsFor('/api/admin/reports/pending?limit=1');
    const many = await statementsFor('/api/admin/reports/pending?limit=12');
    expect(many.items).toBe(12);
    expect(many.statements).toBe(one.statements);
  });
});

/** A client signed in as an existing member (the fixture's reporters sign up with this password). */
async function loginAs(userId: number): Promise<ApiTestClient> {
  const { username } = (await api.core.db.query('SELECT username FROM users WHERE id = $1', [userId])).rows[0];
  const client = api.client();
  const answer = await client.post('/api/auth/login', { login: username, password: 'secret-pass' });
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status}`);
  return client;
}
