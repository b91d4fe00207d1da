import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, businessDeletedMessage } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness, reportByNewMembers } from '../test/fixtures';

let api: TestApi;
let member: ApiTestClient;
let admin: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  member = api.client();
  await member.signup();
  admin = await adminClient(api);
});
afterAll(async () => api?.stop());

const auditRows = async (action: string, targetId: number) =>
  (await api.core.db.query('SELECT actor_id, action, target_type, target_id FROM audit_log WHERE action = $1 AND target_id = $2', [action, targetId]))
    .rows;

describe('reports review', () => {
  it('lists pending reports and reported businesses with counts and the 3 latest', async () => {
    const business = await createBusiness(member);
    await reportByNewMembers(api, business.id, ['Other', 'Spam or duplicate', 'Inappropriate content', 'Inaccurate information']);
    const pending = await admin.get('/api/admin/reports/pending');
    const ours = pending.body.filter((r: { business_id: number }) => r.business_id === business.id);
    expect(ours).toHaveLength(4);
    expect(ours[0]).toMatchObject({
      reason: 'Inaccurate information',
      description: 'because Inaccurate information',
      reporter_username: expect.any(String),
      reported_by: expect.any(Number),
      business_name: business.name,
    });
    const reported = await admin.get('/api/admin/businesses/reported');
    const entry = reported.body.find((b: { id: number }) => b.id === business.id);
    expect(entry.report_count).toBe(4);
    expect(entry.latest_reports).toHaveLength(3);
  });

  it('approve hides the business at once, enqueues the cascade and writes the audit log', async () => {
    const business = await createBusiness(member);
    const report = (await member.post('/api/reports', { business_id: business.id, reason: 'Does not support Palestine' })).body;
    await reportByNewMembers(api, business.id, ['Other']);
    const suggestion = (await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'phone', suggested_value: '0113 496 0000' }))
      .body;
    const answer = await admin.post(`/api/admin/reports/${report.id}/review?action=approve`);
    expect(answer).toMatchObject({ status: 200, body: { message: MESSAGES.reportApproved } });
    expect((await api.client().get(`/api/businesses/${business.id}`)).status).toBe(404);
    expect((await api.client().get('/api/businesses')).body.some((b: { id: number }) => b.id === business.id)).toBe(false);
    expect((await admin.get('/api/admin/reports/pending')).body.some((r: { business_id: number }) => r.business_id === business.id)).toBe(false);
    expect((await admin.get('/api/admin/suggestions/pending')).body.some((s: { business_id: number }) => s.business_id === business.id)).toBe(false);
    expect((await admin.post(`/api/admin/suggestions/${suggestion.id}/review?action=approve`)).status).toBe(404);
    const jobs = await api.core.jobs.queues.moderation.getJobs(['waiting', 'active', 'delayed', 'completed']);
    expect(jobs.some((job) => job.data.businessId === business.id && job.data.reportId === report.id)).toBe(true);
    expect(await auditRows('report.approved', report.id)).toHaveLength(1);
    expect((await admin.post(`/api/admin/reports/${report.id}/review?action=approve`)).status).toBe(409);
    expect(await member.post('/api/reports', { business_id: business.id, reason: 'Other' })).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.businessNotFound },
    });
  });

  it('reject keeps the business and marks the report reviewed', async () => {
    const business = await createBusiness(member);
    const report = (await member.post('/api/reports', { business_id: business.id, reason: 'Other' })).body;
    expect((await admin.post(`/api/admin/reports/${report.id}/review?action=reject`)).body).toEqual({ message: MESSAGES.reportRejected });
    expect((await api.client().get(`/api/businesses/${business.id}`)).status).toBe(200);
    expect((await admin.get('/api/admin/reports/pending')).body.some((r: { id: number }) => r.id === report.id)).toBe(false);
    expect(await auditRows('report.rejected', report.id)).toHaveLength(1);
  });

  it('refuses a missing action, an unknown action and an unknown report', async () => {
    expect(await admin.post('/api/admin/reports/1/review')).toMatchObject({ status: 400, body: { detail: MESSAGES.reviewActionInvalid } });
    expect((await admin.post('/api/admin/reports/1/review?action=maybe')).status).toBe(400);
    expect(await admin.post('/api/admin/reports/999999/review?action=reject')).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.reportNotFound },
    });
  });
});

describe('suggestions review', () => {
  it('approve writes the value into the business; reject drops it', async () => {
    const business = await createBusiness(member, { phone: '' });
    const phone = (await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'phone', suggested_value: '0113 496 0999' })).body;
    const hours = (
      await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'business_hours', suggested_value: '{"friday":"Closed"}' })
    ).body;
    const description = (await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'description', suggested_value: 'Spam text' }))
      .body;
    const pending = await admin.get('/api/admin/suggestions/pending');
    expect(pending.body.filter((s: { business_id: number }) => s.business_id === business.id)).toHaveLength(3);

    expect((await admin.post(`/api/admin/suggestions/${phone.id}/review?action=approve`)).body).toEqual({ message: MESSAGES.suggestionApproved });
    expect((await admin.post(`/api/admin/suggestions/${hours.id}/review?action=approve`)).status).toBe(200);
    expect((await admin.post(`/api/admin/suggestions/${description.id}/review?action=reject`)).body).toEqual({
      message: MESSAGES.suggestionRejected,
    });
    const updated = (await api.client().get(`/api/businesses/${business.id}`)).body;
    expect(updated.phone).toBe('0113 496 0999');
    expect(updated.business_hours).toEqual({ friday: 'Closed' });
    expect(updated.description).not.toBe('Spam text');
    expect((await api.client().get(`/api/businesses/${business.id}/suggestions`)).body).toEqual([]);
    expect(await auditRows('suggestion.approved', phone.id)).toHaveLength(1);
    expect(await auditRows('suggestion.rejected', description.id)).toHaveLength(1);
    expect(await admin.post(`/api/admin/suggestions/${phone.id}/review?action=reject`)).toMatchObject({
      status: 409,
      body: { detail: MESSAGES.suggestionAlreadyReviewed },
    });
  });
});

describe('DELETE /api/admin/businesses/:id', () => {
  it("deletes with SPEC's message and an audit row; 404 afterwards", async () => {
    const business = await createBusiness(member, { name: 'Doomed Deli' });
    expect(await admin.delete(`/api/admin/businesses/${business.id}`)).toMatchObject({
      status: 200,
      body: { message: businessDeletedMessage('Doomed Deli') },
    });
    expect((await api.client().get(`/api/businesses/${business.id}`)).status).toBe(404);
    expect(await auditRows('business.deleted', business.id)).toHaveLength(1);
    expect((await admin.delete(`/api/admin/businesses/${business.id}`)).status).toBe(404);
  });
});

describe('GET /api/admin/statistics', () => {
  // Businesses are those listed: one whose report was approved is already gone from every answer (the cascade deletes it).
  it("answers SPEC §3's statistics from the rollup and asks the worker for a refresh on change", async () => {
    const answer = await admin.get('/api/admin/statistics');
    expect(answer.status).toBe(200);
    const { rows } = await api.core.db.query<{
      users: number;
      admins: number;
      businesses: number;
      verified: number;
      reports: number;
      suggestions: number;
    }>(
      `SELECT (SELECT count(*)::int FROM users) AS users, (SELECT count(*)::int FROM users WHERE is_admin) AS admins,
              (SELECT count(*)::int FROM businesses WHERE NOT removal_approved) AS businesses,
              (SELECT count(*)::int FROM businesses WHERE NOT removal_approved AND verified_on > current_date - interval '12 months') AS verified,
              (SELECT count(*)::int FROM reports WHERE status = 'pending') AS reports,
              (SELECT count(*)::int FROM suggestions WHERE status = 'pending') AS suggestions`,
    );
    expect(answer.body).toMatchObject({
      users: { total: rows[0].users, admins: rows[0].admins, regular: rows[0].users - rows[0].admins, recent_registrations: rows[0].users },
      businesses: { total: rows[0].businesses, verified: rows[0].verified, unverified: rows[0].businesses - rows[0].verified },
      pending: { reports: rows[0].reports, suggestions: rows[0].suggestions },
      computed_at: expect.any(String),
    });
    await createBusiness(member);
    const refreshes = await api.core.jobs.queues.statistics.getJobs(['waiting', 'delayed', 'active']);
    expect(refreshes.some((job) => job.name === 'refresh-statistics')).toBe(true);
  });
});
