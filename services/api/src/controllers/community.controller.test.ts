import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, REPORT_REASONS, socialLinkOffSiteMessage } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness, reportByNewMembers } from '../test/fixtures';

let api: TestApi;
let member: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  member = api.client();
  await member.signup();
});
afterAll(async () => api?.stop());

describe('votes', () => {
  it('records, switches and removes a vote, answering totals, user_vote and a message', async () => {
    const business = await createBusiness(member);
    const voter = api.client();
    await voter.signup();
    const up = await voter.post(`/api/businesses/${business.id}/vote`, { vote_type: 'upvote' });
    expect(up.body).toEqual({ vote_score: 1, upvotes: 1, downvotes: 0, user_vote: 'upvote', message: MESSAGES.voteRecorded });
    const down = await voter.post(`/api/businesses/${business.id}/vote`, { vote_type: 'downvote' });
    expect(down.body).toEqual({ vote_score: -1, upvotes: 0, downvotes: 1, user_vote: 'downvote', message: MESSAGES.voteChanged });
    const again = await voter.post(`/api/businesses/${business.id}/vote`, { vote_type: 'downvote' });
    expect(again.body).toEqual({ vote_score: 0, upvotes: 0, downvotes: 0, user_vote: null, message: MESSAGES.voteRemoved });
    await member.post(`/api/businesses/${business.id}/vote`, { vote_type: 'upvote' });
    expect((await voter.get(`/api/businesses/${business.id}/votes`)).body).toEqual({ vote_score: 1, upvotes: 1, downvotes: 0, user_vote: null });
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.vote_score).toBe(1);
    expect((await api.client().get('/api/businesses')).body.find((b: { id: number }) => b.id === business.id).vote_score).toBe(1);
  });

  it('keeps one vote per user under 21 simultaneous votes', async () => {
    const business = await createBusiness(member);
    const voter = api.client();
    const user = await voter.signup();
    const answers = await Promise.all(Array.from({ length: 21 }, () => voter.post(`/api/businesses/${business.id}/vote`, { vote_type: 'upvote' })));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const { rows } = await api.core.db.query('SELECT vote_type FROM votes WHERE business_id = $1 AND user_id = $2', [business.id, user.id]);
    expect(rows).toEqual([{ vote_type: 'upvote' }]);
    expect((await voter.get(`/api/businesses/${business.id}/votes`)).body).toEqual({ vote_score: 1, upvotes: 1, downvotes: 0, user_vote: 'upvote' });
  });

  it('refuses visitors, unknown businesses and bad vote types', async () => {
    const business = await createBusiness(member);
    expect((await api.client().post(`/api/businesses/${business.id}/vote`, { vote_type: 'upvote' })).status).toBe(401);
    expect(await member.post('/api/businesses/999999/vote', { vote_type: 'upvote' })).toMatchObject({
      status: 404,
      body: { detail: MESSAGES.businessNotFound },
    });
    expect(await member.post(`/api/businesses/${business.id}/vote`, { vote_type: 'sideways' })).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.voteTypeInvalid },
    });
  });
});

describe('comments', () => {
  it('adds trimmed comments and lists them newest first with the author', async () => {
    const business = await createBusiness(member);
    const first = await member.post(`/api/businesses/${business.id}/comments`, { comment_text: '   Lovely knafeh!   ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ comment_text: 'Lovely knafeh!', username: expect.any(String), user_picture: null, business_id: business.id });
    await member.post(`/api/businesses/${business.id}/comments`, { comment_text: 'Second visit, still great.' });
    const list = await api.client().get(`/api/businesses/${business.id}/comments`);
    expect(list.body.map((c: { comment_text: string }) => c.comment_text)).toEqual(['Second visit, still great.', 'Lovely knafeh!']);
  });

  it('enforces 3 to 1000 characters with SPEC messages and stores markup as plain text', async () => {
    const business = await createBusiness(member);
    expect(await member.post(`/api/businesses/${business.id}/comments`, { comment_text: '  ab ' })).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.commentTooShort },
    });
    expect((await member.post(`/api/businesses/${business.id}/comments`, { comment_text: 'x'.repeat(1001) })).status).toBe(400);
    expect((await member.post(`/api/businesses/${business.id}/comments`, { comment_text: 'x'.repeat(1000) })).status).toBe(201);
    const markup = await member.post(`/api/businesses/${business.id}/comments`, { comment_text: '<img src=x onerror=alert(1)>' });
    expect(markup.body.comment_text).toBe('<img src=x onerror=alert(1)>');
    expect((await api.client().post(`/api/businesses/${business.id}/comments`, { comment_text: 'hello' })).status).toBe(401);
  });

  it('lets the author or an admin delete, and nobody else', async () => {
    const business = await createBusiness(member);
    const comment = (await member.post(`/api/businesses/${business.id}/comments`, { comment_text: 'Mine to delete' })).body;
    const other = api.client();
    await other.signup();
    expect(await other.delete(`/api/comments/${comment.id}`)).toMatchObject({ status: 403, body: { detail: MESSAGES.notAllowedToDeleteComment } });
    expect(await member.delete(`/api/comments/${comment.id}`)).toMatchObject({ status: 200, body: { message: MESSAGES.commentDeleted } });
    expect((await member.delete(`/api/comments/${comment.id}`)).status).toBe(404);
    const second = (await other.post(`/api/businesses/${business.id}/comments`, { comment_text: 'Admin removes this' })).body;
    const admin = await adminClient(api);
    expect((await admin.delete(`/api/comments/${second.id}`)).status).toBe(200);
  });
});

describe('suggestions', () => {
  it('creates add_missing and edit_existing suggestions with current values and lists pending ones', async () => {
    const business = await createBusiness(member, { phone: '', description: 'Old description' });
    const add = await member.post(`/api/businesses/${business.id}/suggestions`, {
      field_name: 'phone',
      suggested_value: '0161 496 0000',
      reason: 'Called them',
    });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({
      field_name: 'phone',
      suggestion_type: 'add_missing',
      current_value: '',
      business_name: business.name,
      suggester_username: expect.any(String),
    });
    const edit = await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'description', suggested_value: 'New description' });
    expect(edit.body).toMatchObject({ suggestion_type: 'edit_existing', current_value: 'Old description', reason: '' });
    const list = await api.client().get(`/api/businesses/${business.id}/suggestions`);
    expect(list.body.map((s: { field_name: string }) => s.field_name)).toEqual(['description', 'phone']);
  });

  it('accepts only suggestable fields and valid values', async () => {
    const business = await createBusiness(member);
    expect(await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'name', suggested_value: 'x' })).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.suggestionFieldInvalid },
    });
    expect(await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'phone', suggested_value: '  ' })).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.suggestionValueRequired },
    });
    expect((await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'website', suggested_value: 'ftp://x' })).status).toBe(400);
    expect(
      (await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: 'business_hours', suggested_value: 'not json' })).status,
    ).toBe(400);
    const hours = await member.post(`/api/businesses/${business.id}/suggestions`, {
      field_name: 'business_hours',
      suggested_value: '{"monday":"9-5","tuesday":""}',
    });
    expect(hours.body.suggested_value).toBe('{"monday":"9-5"}');
    expect((await api.client().post(`/api/businesses/${business.id}/suggestions`, { field_name: 'phone', suggested_value: '1' })).status).toBe(401);
    expect((await member.post('/api/businesses/999999/suggestions', { field_name: 'phone', suggested_value: '1' })).status).toBe(404);
  });

  it("checks each suggested value with the business form's schema for that field, with its message, writing nothing", async () => {
    const business = await createBusiness(member);
    const count = async () => (await api.core.db.query('SELECT count(*)::int AS n FROM suggestions WHERE business_id = $1', [business.id])).rows[0].n;
    const cases: [string, string][] = [
      ['category', 'c'.repeat(5000)],
      ['phone', '0'.repeat(5000)],
      ['website', 'javascript:alert(1)'],
    ];
    for (const [field, value] of cases) {
      const form = await member.post('/api/businesses', businessInput({ [field]: value }));
      expect(form.status, field).toBe(400);
      const suggestion = await member.post(`/api/businesses/${business.id}/suggestions`, { field_name: field, suggested_value: value });
      expect(suggestion, field).toMatchObject({
        status: 400,
        body: { detail: form.body.detail, errors: { suggested_value: form.body.errors[field] } },
      });
    }
    const social = await member.post(`/api/businesses/${business.id}/suggestions`, {
      field_name: 'social_media',
      suggested_value: JSON.stringify({ facebook: 'https://facebook.com.evil.com/x' }),
    });
    expect(social).toMatchObject({
      status: 400,
      body: { errors: { 'suggested_value.facebook': socialLinkOffSiteMessage(['facebook.com', 'fb.com']) } },
    });
    expect(await count()).toBe(0);
    const fits = await member.post(`/api/businesses/${business.id}/suggestions`, {
      field_name: 'category',
      suggested_value: '  ' + 'c'.repeat(100) + ' ',
    });
    expect(fits).toMatchObject({ status: 201, body: { suggested_value: 'c'.repeat(100) } });
  });
});

describe('reports', () => {
  const newMember = async () => {
    const client = api.client();
    return { client, user: await client.signup() };
  };
  const pendingReports = async (businessId: number, userId: number) =>
    (await api.core.db.query(`SELECT id FROM reports WHERE business_id = $1 AND reported_by = $2 AND status = 'pending'`, [businessId, userId])).rows;

  it("accepts SPEC's six reasons only", async () => {
    const business = await createBusiness(member);
    expect(await reportByNewMembers(api, business.id, REPORT_REASONS)).toHaveLength(REPORT_REASONS.length);
    expect(await member.post('/api/reports', { business_id: business.id, reason: 'I dislike them' })).toMatchObject({
      status: 400,
      body: { detail: MESSAGES.reportReasonInvalid },
    });
    expect((await member.post('/api/reports', { business_id: 999999, reason: 'Other' })).status).toBe(404);
    expect((await api.client().post('/api/reports', { business_id: business.id, reason: 'Other' })).status).toBe(401);
  });

  it('answers 409 to a second pending report by the same member, and takes one again once the first is reviewed', async () => {
    const business = await createBusiness(member);
    const { client: reporter, user } = await newMember();
    const first = await reporter.post('/api/reports', { business_id: business.id, reason: 'Other', description: 'first' });
    expect(first.status).toBe(201);
    const again = await reporter.post('/api/reports', { business_id: business.id, reason: 'Spam or duplicate', description: 'second' });
    expect(again).toMatchObject({ status: 409, body: { detail: MESSAGES.alreadyReported } });
    expect(await pendingReports(business.id, user.id)).toEqual([{ id: first.body.id }]);

    const { client: other } = await newMember();
    expect((await other.post('/api/reports', { business_id: business.id, reason: 'Other' })).status).toBe(201);
    const elsewhere = await createBusiness(member);
    expect((await reporter.post('/api/reports', { business_id: elsewhere.id, reason: 'Other' })).status).toBe(201);

    const admin = await adminClient(api);
    expect((await admin.post(`/api/admin/reports/${first.body.id}/review?action=reject`)).status).toBe(200);
    const afterReview = await reporter.post('/api/reports', { business_id: business.id, reason: 'Business closed/moved' });
    expect(afterReview.status).toBe(201);
    expect(await pendingReports(business.id, user.id)).toEqual([{ id: afterReview.body.id }]);
  });

  it('keeps one pending report when one member sends twenty at once, and the database refuses a second on its own', async () => {
    const business = await createBusiness(member);
    const { client: reporter, user } = await newMember();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, n) => reporter.post('/api/reports', { business_id: business.id, reason: 'Other', description: `try ${n}` })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(19).fill(409)]);
    expect(answers.filter((answer) => answer.status === 409).every((answer) => answer.body.detail === MESSAGES.alreadyReported)).toBe(true);
    expect(await pendingReports(business.id, user.id)).toHaveLength(1);
    await expect(
      api.core.db.query(`INSERT INTO reports (business_id, reported_by, reason) VALUES ($1, $2, 'Other')`, [business.id, user.id]),
    ).rejects.toMatchObject({ code: '23505' });
  });

  it('refuses a business id past the Postgres integer range with a 400 and a field error', async () => {
    for (const business_id of [3_000_000_000, 2_147_483_648, '99999999999', 1e308, -1, 0, 1.5]) {
      const answer = await member.post('/api/reports', { business_id, reason: 'Other' });
      expect(answer, String(business_id)).toMatchObject({ status: 400, body: { errors: { business_id: MESSAGES.businessNotFound } } });
    }
  });
});
