import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_LABELS, LANGUAGE_COOKIE, LIMITS, MESSAGES, errorResponse, textTooLongMessage } from '@zaytoon/contract';
import { startTestApi, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

/** Every error answer names its message's code beside CONTRACT's English detail. */
describe('error answers carry codes', () => {
  it("a field error: detail, code and params, and each field's code beside its message", async () => {
    const member = api.client();
    await member.signup();
    const { id } = await createBusiness(member);
    const answer = await member.post(`/api/businesses/${id}/comments`, { comment_text: 'x'.repeat(LIMITS.commentMaxLength + 1) });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      detail: MESSAGES.commentTooLong,
      code: 'commentTooLong',
      errors: { comment_text: MESSAGES.commentTooLong },
      codes: { comment_text: { code: 'commentTooLong' } },
    });
    const tooLongName = await member.post('/api/businesses', {
      name: 'n'.repeat(LIMITS.shortFieldMaxLength + 1),
      address: 'a',
      city: 'c',
      postcode: 'p',
    });
    const params = { field: FIELD_LABELS.name, max: LIMITS.shortFieldMaxLength };
    expect(tooLongName.body).toMatchObject({
      detail: textTooLongMessage(FIELD_LABELS.name, LIMITS.shortFieldMaxLength),
      code: 'textTooLong',
      params,
      errors: { name: textTooLongMessage(FIELD_LABELS.name, LIMITS.shortFieldMaxLength) },
      codes: { name: { code: 'textTooLong', params } },
    });
    expect(errorResponse.safeParse(tooLongName.body).success).toBe(true);
  });

  it('a 404, a 409, the unknown route and an invalid JSON body', async () => {
    const client = api.client();
    expect((await client.get('/api/businesses/2000000')).body).toEqual({ detail: MESSAGES.businessNotFound, code: 'businessNotFound' });
    expect((await client.get('/api/no-such-thing')).body).toEqual({ detail: MESSAGES.notFound, code: 'notFound' });
    const invalid = await client.request('POST', '/api/auth/login', '{"login": ', { 'content-type': 'application/json' });
    expect(invalid).toMatchObject({ status: 400, body: { detail: 'Request body is not valid JSON', code: 'invalidJson' } });
    const taken = await client.signup();
    const again = await api.client().post('/api/auth/signup', { ...taken, username: `${taken.username}x` });
    expect(again).toMatchObject({ status: 409, body: { detail: MESSAGES.emailTaken, code: 'emailTaken' } });
  });

  it('a 401, a 403 and a 413', async () => {
    const client = api.client();
    expect((await client.get('/api/auth/me')).body).toEqual({ detail: MESSAGES.notAuthenticated, code: 'notAuthenticated' });
    client.origin = 'https://evil.example';
    expect((await client.post('/api/auth/login', { login: 'a', password: 'b' })).body).toEqual({
      detail: MESSAGES.crossSiteRefused,
      code: 'crossSiteRefused',
    });
    client.origin = null;
    const large = await api.client().post('/api/auth/login', { login: 'x'.repeat(200_000), password: 'y' });
    expect(large).toMatchObject({ status: 413, body: { detail: MESSAGES.bodyTooLarge, code: 'bodyTooLarge' } });
  });
});

describe("a member's language", () => {
  it('is null until chosen, then in /me and the login answer', async () => {
    const member = api.client();
    const account = await member.signup();
    expect((await member.get('/api/auth/me')).body.language).toBeNull();
    const chosen = await member.put('/api/auth/me/language', { language: 'ar' });
    expect(chosen).toMatchObject({ status: 200, body: { id: account.id, language: 'ar' } });
    expect((await member.get('/api/auth/me')).body.language).toBe('ar');
    const again = api.client();
    expect((await again.post('/api/auth/login', { login: account.username, password: account.password })).body.language).toBe('ar');
  });

  it('refuses a language the site does not speak, and a visitor', async () => {
    const member = api.client();
    await member.signup();
    for (const language of ['fr', 'AR', '', 7, null]) {
      const answer = await member.put('/api/auth/me/language', { language });
      expect(answer, String(language)).toMatchObject({
        status: 400,
        body: { detail: MESSAGES.languageInvalid, code: 'languageInvalid', codes: { language: { code: 'languageInvalid' } } },
      });
    }
    expect((await member.put('/api/auth/me/language', {})).status).toBe(400);
    expect((await api.client().put('/api/auth/me/language', { language: 'cy' })).status).toBe(401);
  });

  it("chooses the language of the member's mails: theirs, else the request's cookie, else Accept-Language", async () => {
    const languageOfResetMail = async (email: string) => {
      const jobs = await api.core.jobs.queues.emails.getJobs(['waiting', 'delayed', 'active', 'completed']);
      return jobs.filter((job) => job.name === 'send-reset-code' && job.data.to === email).map((job) => job.data.language);
    };
    const arabic = api.client();
    const member = await arabic.signup();
    await arabic.put('/api/auth/me/language', { language: 'ar' });
    await api.client().request('POST', '/api/auth/forgot-password', { email_or_username: member.email }, { 'accept-language': 'cy' });
    expect(await languageOfResetMail(member.email)).toEqual(['ar']);

    const chooser = api.client();
    const unset = await chooser.signup();
    await chooser.request(
      'POST',
      '/api/auth/forgot-password',
      { email_or_username: unset.email },
      { cookie: `${LANGUAGE_COOKIE}=cy`, 'accept-language': 'ar' },
    );
    await chooser.request('POST', '/api/auth/forgot-password', { email_or_username: unset.email }, { 'accept-language': 'ur-PK,en;q=0.5' });
    expect((await languageOfResetMail(unset.email)).sort()).toEqual(['cy', 'ur']);
  });

  it('is a member write: rate limited, with a code on the 429', async () => {
    const limited = await startTestApi({ RATE_LIMIT_WRITES_PER_USER: '1' });
    try {
      const member = limited.client();
      await member.signup();
      expect((await member.put('/api/auth/me/language', { language: 'cy' })).status).toBe(200);
      const refused = await member.put('/api/auth/me/language', { language: 'ur' });
      expect(refused).toMatchObject({ status: 429, body: { detail: MESSAGES.tooManyRequests, code: 'tooManyRequests' } });
      expect(refused.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.stop();
    }
  });
});
