// Writes whose side effects fail after the row is stored (the job queue unreachable: statistics refresh,
// geocoding, cache drops) still answer their success: a 503 for a stored row makes the member's retry a
// duplicate or a 409 "email taken" (found by the soak).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@zaytoon/contract';
import { startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput } from '../test/fixtures';

let api: TestApi;
let member: ApiTestClient;
let businessId: number;

beforeAll(async () => {
  api = await startTestApi();
  member = api.client();
  await member.signup();
  businessId = (await member.post('/api/businesses', businessInput({ name: 'Before The Queue Went' }))).body.id;
  // The producers' Redis connection dropped (it is shared by every queue): each enqueue now fails at once.
  await Promise.all(Object.values(api.core.jobs.queues).map((queue) => queue.disconnect()));
  await expect(api.core.jobs.enqueue('refreshStatistics', { reason: 'test' })).rejects.toThrow();
});
afterAll(async () => api?.stop());

describe('a write whose side effects fail after it is stored', () => {
  it('signup answers 201 and the account signs in', async () => {
    const newcomer = api.client();
    const account = await newcomer.signup();
    expect((await newcomer.get('/api/auth/me')).body.username).toBe(account.username);
    const { rows } = await api.core.db.query('SELECT 1 FROM users WHERE id = $1', [account.id]);
    expect(rows).toHaveLength(1);
  });

  it('adding a business with its coordinates answers 201 with the stored business', async () => {
    const answer = await member.post('/api/businesses', businessInput({ name: 'Queue Down Cafe', latitude: 51.5, longitude: -0.12 }));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ name: 'Queue Down Cafe', vote_score: 0, latitude: 51.5 });
    expect((await api.client().get(`/api/businesses/${answer.body.id}`)).body.name).toBe('Queue Down Cafe');
  });

  it('adding one that needs geocoding answers 503 and leaves nothing (it would never reach the map)', async () => {
    const answer = await member.post('/api/businesses', businessInput({ name: 'Needs A Geocoder' }));
    expect(answer).toMatchObject({ status: 503, body: { detail: MESSAGES.serviceUnavailable } });
    const { rows } = await api.core.db.query("SELECT 1 FROM businesses WHERE name = 'Needs A Geocoder'");
    expect(rows).toEqual([]);
  });

  it('a suggestion and a report answer 201', async () => {
    const suggestion = await member.post(`/api/businesses/${businessId}/suggestions`, {
      field_name: 'phone',
      suggested_value: '020 7946 0000',
      reason: 'New number',
    });
    expect(suggestion.status, JSON.stringify(suggestion.body)).toBe(201);
    expect(suggestion.body).toMatchObject({ business_id: businessId, field_name: 'phone', suggested_value: '020 7946 0000' });
    const report = await member.post('/api/reports', { business_id: businessId, reason: 'Inaccurate information', description: 'Queue down' });
    expect(report.status, JSON.stringify(report.body)).toBe(201);
  });

  it('a vote answers 200 with its totals', async () => {
    const vote = await member.post(`/api/businesses/${businessId}/vote`, { vote_type: 'upvote' });
    expect(vote).toMatchObject({ status: 200, body: { upvotes: 1, message: MESSAGES.voteRecorded } });
  });
});
