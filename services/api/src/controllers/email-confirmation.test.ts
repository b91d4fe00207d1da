// Email confirmation. Signup still lands signed in; a mailed single-use, expiring link confirms the
// address on a POST (the page's button), never on a GET; alerts, the claims' domain hint and the owners' reminders
// and alert mails need a confirmed address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_CONFIRMATION_RULES, MESSAGES } from '@zaytoon/contract';
import { adminClient, allPages, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { createBusiness } from '../test/fixtures';
import { confirmEmail, lastMailedConfirmationToken } from '../test/email-confirmation';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.stop());

async function member(overrides: { email?: string } = {}) {
  const client = api.client();
  const user = await client.signup(overrides);
  return { client, user };
}

const confirm = (client: ApiTestClient, token: string) => client.post('/api/auth/confirm-email', { token });

/** The mail jobs of `name` queued for `userId`'s address. */
async function mailJobsFor(name: string, email: string) {
  const jobs = await api.core.jobs.queues.emails.getJobs(['waiting', 'delayed', 'active', 'completed']);
  return jobs.filter((job) => job.name === name && job.data.to === email);
}

describe('signup and the mailed link', () => {
  it('signs the member in unconfirmed, mails a link, and confirms only on the POST of its token, once', async () => {
    const { client, user } = await member();
    const me = await client.get('/api/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: user.id, email: user.email, email_confirmed: false });

    const jobs = await mailJobsFor('send-email-confirmation', user.email);
    expect(jobs).toHaveLength(1);
    // The token is a key to the account's address: sealed in Redis like reset codes.
    const token = await lastMailedConfirmationToken(api, user.email);
    expect(jobs[0].data.token).not.toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // A mail scanner's GET of the API (or of anything else) confirms nothing: there is no GET.
    expect((await api.client().get(`/api/auth/confirm-email?token=${token}`)).status).toBe(404);
    expect((await client.get('/api/auth/me')).body.email_confirmed).toBe(false);

    // No session is needed: the token is the authority (the link may open in another browser).
    const confirmed = await confirm(api.client(), token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: MESSAGES.emailConfirmed });
    expect((await client.get('/api/auth/me')).body.email_confirmed).toBe(true);

    const again = await confirm(api.client(), token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'emailConfirmationUsed', detail: MESSAGES.emailConfirmationUsed });
  });

  it('refuses an unknown, malformed, expired or re-addressed link', async () => {
    const unknown = await confirm(api.client(), 'A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('emailConfirmationInvalid');
    const malformed = await confirm(api.client(), 'not a token!');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors.token).toBe(MESSAGES.emailConfirmationInvalid);
    expect((await confirm(api.client(), '')).body.errors.token).toBe(MESSAGES.emailConfirmationRequired);

    const late = await member();
    const lateToken = await lastMailedConfirmationToken(api, late.user.email);
    const { rows } = await api.core.db.query<{ hours: number }>(
      'SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM email_confirmation_tokens WHERE user_id = $1',
      [late.user.id],
    );
    expect(rows).toEqual([{ hours: EMAIL_CONFIRMATION_RULES.linkValidHours }]);
    await api.core.db.query("UPDATE email_confirmation_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1", [late.user.id]);
    const expired = await confirm(api.client(), lateToken);
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({ code: 'emailConfirmationExpired', detail: MESSAGES.emailConfirmationExpired });
    expect((await late.client.get('/api/auth/me')).body.email_confirmed).toBe(false);

    // A link confirms the address it was mailed to, and no other.
    const moved = await member();
    const movedToken = await lastMailedConfirmationToken(api, moved.user.email);
    await api.core.db.query('UPDATE users SET email = $2 WHERE id = $1', [moved.user.id, `elsewhere-${moved.user.email}`]);
    expect((await confirm(api.client(), movedToken)).status).toBe(404);
    expect((await moved.client.get('/api/auth/me')).body.email_confirmed).toBe(false);
  });
});

describe("the banner's Resend", () => {
  it('mails a new link that replaces the unused one, and answers 409 once the address is confirmed', async () => {
    const { client, user } = await member();
    const first = await lastMailedConfirmationToken(api, user.email);
    const resent = await client.post('/api/auth/confirm-email/resend');
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({ message: MESSAGES.emailConfirmationSent });
    expect(await mailJobsFor('send-email-confirmation', user.email)).toHaveLength(2);
    const second = await lastMailedConfirmationToken(api, user.email);
    expect(second).not.toBe(first);

    expect((await confirm(api.client(), first)).status).toBe(404);
    expect((await confirm(api.client(), second)).status).toBe(200);

    const done = await client.post('/api/auth/confirm-email/resend');
    expect(done.status).toBe(409);
    expect(done.body).toMatchObject({ code: 'emailAlreadyConfirmed', detail: MESSAGES.emailAlreadyConfirmed });
    expect(await mailJobsFor('send-email-confirmation', user.email)).toHaveLength(2);
  });

  it('needs a session', async () => {
    const answer = await api.client().post('/api/auth/confirm-email/resend');
    expect(answer.status).toBe(401);
  });
});

describe('what needs a confirmed address', () => {
  it('creating an alert answers 403 with a clear detail until the address is confirmed', async () => {
    const { client, user } = await member();
    const refused = await client.post('/api/alerts', { city: 'Leeds' });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'emailNotConfirmed', detail: MESSAGES.emailNotConfirmed });
    expect((await client.get('/api/alerts')).body).toEqual([]);

    await confirmEmail(api, client, user.email);
    const saved = await client.post('/api/alerts', { city: 'Leeds' });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({ city: 'Leeds' });
  });

  it("the claims' domain hint is false until the claimant's address is confirmed", async () => {
    const admin = await adminClient(api);
    const business = await createBusiness(admin, { website: 'https://www.hint-bakery.example' });
    const { client, user } = await member({ email: `owner${Date.now()}@hint-bakery.example` });
    expect((await client.post(`/api/businesses/${business.id}/claims`, { evidence: 'The shop phone number is registered to me.' })).status).toBe(201);

    const hint = async () =>
      (await allPages<{ business: { id: number }; email_domain_matches: boolean }>(admin, '/api/admin/claims')).items.find(
        (claim) => claim.business.id === business.id,
      )?.email_domain_matches;
    expect(await hint()).toBe(false);
    await confirmEmail(api, client, user.email);
    expect(await hint()).toBe(true);
  });

  it('the daily alert mails and the owners’ reminders skip an unconfirmed address until it is confirmed', async () => {
    const admin = await adminClient(api);
    const confirmed = await member();
    const unconfirmed = await member();
    await confirmEmail(api, confirmed.client, confirmed.user.email);
    await confirmEmail(api, unconfirmed.client, unconfirmed.user.email);
    const city = `Confirmton ${Date.now()}`;
    for (const each of [confirmed, unconfirmed]) expect((await each.client.post('/api/alerts', { city })).status).toBe(201);
    // As for an account made before confirmation existed, or an address that is no longer confirmed.
    await api.core.db.query('UPDATE users SET email_confirmed_at = NULL WHERE id = $1', [unconfirmed.user.id]);
    await api.core.db.query("UPDATE alerts SET new_since = now() - interval '1 hour' WHERE user_id = ANY($1::int[])", [
      [confirmed.user.id, unconfirmed.user.id],
    ]);
    await createBusiness(admin, { city });

    // Both own a claimed business whose reminder is due.
    for (const each of [confirmed, unconfirmed]) {
      const owned = await createBusiness(admin, { city });
      await api.core.db.query("UPDATE businesses SET owner_id = $2, owner_claimed_at = now() - interval '7 months' WHERE id = $1", [
        owned.id,
        each.user.id,
      ]);
    }

    await api.core.services.alerts.sendDueMails();
    await api.core.services.freshness.sendDueReminders();
    expect(await mailJobsFor('send-alert-digest', confirmed.user.email)).toHaveLength(1);
    expect(await mailJobsFor('send-freshness-reminder', confirmed.user.email)).toHaveLength(1);
    expect(await mailJobsFor('send-alert-digest', unconfirmed.user.email)).toHaveLength(0);
    expect(await mailJobsFor('send-freshness-reminder', unconfirmed.user.email)).toHaveLength(0);

    // Confirmed again, the next runs mail what waited.
    await api.core.db.query('UPDATE users SET email_confirmed_at = now() WHERE id = $1', [unconfirmed.user.id]);
    await api.core.services.alerts.sendDueMails();
    await api.core.services.freshness.sendDueReminders();
    expect(await mailJobsFor('send-alert-digest', unconfirmed.user.email)).toHaveLength(1);
    expect(await mailJobsFor('send-freshness-reminder', unconfirmed.user.email)).toHaveLength(1);
  });
});
