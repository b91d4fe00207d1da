import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

let api: TestApi;
let admin: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  admin = await adminClient(api);
});
afterAll(async () => api?.stop());

/** A member who has done everything a member leaves a trace of: a business of their own, an edit, a vote, a comment, a suggestion, an answer and a report. */
async function activeMember(name: string) {
  const member = api.client();
  const account = await member.signup({ name });
  const own = await createBusiness(member);
  expect((await member.put(`/api/businesses/${own.id}`, businessInput({ name: own.name, description: 'Now with a bakery counter.' }))).status).toBe(
    200,
  );
  const other = await createBusiness(admin);
  expect((await member.post(`/api/businesses/${other.id}/vote`, { vote_type: 'upvote' })).status).toBe(200);
  expect((await member.post(`/api/businesses/${other.id}/comments`, { comment_text: 'Lovely people, great coffee.' })).status).toBe(201);
  const suggestion = await member.post(`/api/businesses/${other.id}/suggestions`, { field_name: 'phone', suggested_value: '0113 496 0001' });
  expect(suggestion.status).toBe(201);
  expect((await member.post(`/api/businesses/${other.id}/suggestions`, { field_name: 'category', suggested_value: 'Bakery' })).status).toBe(201);
  expect((await member.post(`/api/businesses/${other.id}/confirmations`, { answer: 'Closed' })).status).toBe(201);
  const report = await member.post('/api/reports', { business_id: other.id, reason: 'Other', description: 'moved round the corner' });
  expect(report.status).toBe(201);
  // An approved suggestion puts the member into the business's public history.
  expect((await admin.post(`/api/admin/suggestions/${suggestion.body.id}/review?action=approve`)).status).toBe(200);
  return { member, account, own, other, reportId: report.body.id as number };
}

/** Every public answer about the businesses, read by a visitor, as one text. */
async function publicAnswers(ids: number[]): Promise<string> {
  const visitor = api.client();
  const paths = [
    '/api/businesses?limit=100',
    ...ids.flatMap((id) => ['', '/comments', '/suggestions', '/confirmations', '/history'].map((tail) => `/api/businesses/${id}${tail}`)),
  ];
  const answers = await Promise.all(
    paths.map(async (path) => {
      const answer = await visitor.get(path);
      expect(answer.status, path).toBe(200);
      return JSON.stringify(answer.body);
    }),
  );
  return answers.join('\n');
}

/** The admins' answers that name members: reports, reported businesses, suggestions, re-checks. */
async function adminAnswers(): Promise<string> {
  const paths = [
    '/api/admin/reports/pending?limit=100',
    '/api/admin/businesses/reported?limit=100',
    '/api/admin/suggestions/pending?limit=100',
    '/api/admin/rechecks?limit=100',
  ];
  return (await Promise.all(paths.map(async (path) => JSON.stringify((await admin.get(path)).body)))).join('\n');
}

describe("a member's name is never public", () => {
  it('no public answer carries it, though they show the username', async () => {
    const { account, own, other } = await activeMember('Zainab Qasim-Haddad');
    const everything = await publicAnswers([own.id, other.id]);
    expect(everything).toContain(account.username);
    expect(everything).not.toContain('Zainab');
    expect(everything).not.toContain('Qasim-Haddad');
  });
});

describe("a deleted account is a 'former member' everywhere", () => {
  it('its username leaves every public and admin answer; history says former member, the rest null', async () => {
    const { member, account, own, other, reportId } = await activeMember('Deleted Member');
    expect(await adminAnswers()).toContain(account.username);
    expect((await member.post('/api/auth/delete-account')).body).toEqual({ message: MESSAGES.accountDeleted });

    const everything = await publicAnswers([own.id, other.id]);
    expect(everything).not.toContain(account.username);
    const history = (await api.client().get(`/api/businesses/${other.id}/history`)).body as { by: string | null; author: unknown }[];
    expect(
      history.some((revision) => revision.by === MESSAGES.revisionByFormerMember && JSON.stringify(revision.author) === '{"kind":"former_member"}'),
    ).toBe(true);

    const admins = await adminAnswers();
    expect(admins).not.toContain(account.username);
    const pending = (await admin.get('/api/admin/reports/pending?limit=100')).body as { id: number }[];
    expect(pending.find((report) => report.id === reportId)).toMatchObject({ reported_by: null, reporter_username: null, reporter: null });
  });
});
