import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, socialLinkOffSiteMessage } from '@zaytoon/contract';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness, reportByNewMembers } from '../test/fixtures';

let api: TestApi;
let owner: ApiTestClient;
beforeAll(async () => {
  api = await startTestApi();
  owner = api.client();
  await owner.signup();
});
afterAll(async () => api?.stop());

describe('POST /api/businesses', () => {
  it('creates a business for a member, drops empty hours and social entries, and answers SPEC fields', async () => {
    const answer = await owner.post(
      '/api/businesses',
      businessInput({
        name: 'Jaffa Street Bakery',
        business_hours: { monday: '9:00 AM - 6:00 PM', tuesday: '', sunday: 'Closed' },
        social_media: { twitter: '@jaffabakes', facebook: '', instagram: 'jaffa.bakes' },
      }),
    );
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      id: expect.any(Number),
      name: 'Jaffa Street Bakery',
      business_hours: { monday: '9:00 AM - 6:00 PM', sunday: 'Closed' },
      social_media: { twitter: 'https://twitter.com/jaffabakes', instagram: 'https://instagram.com/jaffa.bakes' },
      vote_score: 0,
      verified: false,
      report_count: 0,
      latest_reports: [],
    });
    expect(answer.body.business_hours).not.toHaveProperty('tuesday');
    expect(answer.body).not.toHaveProperty('owner_id');
    expect(new Date(answer.body.created_at).toISOString()).toBe(answer.body.created_at);
  });

  it('requires login', async () => {
    const answer = await api.client().post('/api/businesses', businessInput());
    expect(answer).toMatchObject({ status: 401 });
  });

  it('refuses missing required fields and non-http websites, writing nothing', async () => {
    const before = (await api.core.db.query('SELECT count(*) AS n FROM businesses')).rows[0].n;
    const missing = await owner.post('/api/businesses', { name: 'X' });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toMatchObject({
      address: MESSAGES.addressRequired,
      city: MESSAGES.cityRequired,
      postcode: MESSAGES.postcodeRequired,
    });
    const website = await owner.post('/api/businesses', businessInput({ website: 'javascript:alert(1)' }));
    expect(website).toMatchObject({ status: 400, body: { detail: MESSAGES.websiteInvalid } });
    const social = await owner.post('/api/businesses', businessInput({ social_media: { myspace: 'x' } }));
    expect(social.status).toBe(400);
    expect((await api.core.db.query('SELECT count(*) AS n FROM businesses')).rows[0].n).toBe(before);
  });

  it("refuses social links off their network's hosts with a field error, writing nothing", async () => {
    const before = (await api.core.db.query('SELECT count(*) AS n FROM businesses')).rows[0].n;
    for (const facebook of ['https://facebook.com.evil.com/page', 'https://evilfacebook.com/page', 'https://facebook.com@evil.com/page']) {
      const answer = await owner.post('/api/businesses', businessInput({ social_media: { facebook } }));
      expect(answer, facebook).toMatchObject({
        status: 400,
        body: { errors: { 'social_media.facebook': socialLinkOffSiteMessage(['facebook.com', 'fb.com']) } },
      });
    }
    const twitter = await owner.post('/api/businesses', businessInput({ social_media: { twitter: 'https://x.com.evil.com/a' } }));
    expect(twitter.body.errors).toEqual({ 'social_media.twitter': socialLinkOffSiteMessage(['twitter.com', 'x.com']) });
    expect((await api.core.db.query('SELECT count(*) AS n FROM businesses')).rows[0].n).toBe(before);
    const good = await owner.post(
      '/api/businesses',
      businessInput({ social_media: { facebook: 'https://fb.com/page', twitter: 'https://x.com/a', instagram: 'https://www.instagram.com/b' } }),
    );
    expect(good.status).toBe(201);
    const business = good.body;
    const edit = await owner.put(
      `/api/businesses/${business.id}`,
      businessInput({ social_media: { instagram: 'https://instagram.com.evil.com/b' } }),
    );
    expect(edit.status).toBe(400);
    expect((await api.client().get(`/api/businesses/${business.id}`)).body.social_media.instagram).toBe('https://www.instagram.com/b');
  });

  it('refuses control characters in any text field with a 400 and a field error instead of a Postgres failure', async () => {
    const before = (await api.core.db.query('SELECT count(*) AS n FROM businesses')).rows[0].n;
    const name = await owner.post('/api/businesses', businessInput({ name: 'Olive\u0000Grove' }));
    expect(name).toMatchObject({ status: 400, body: { detail: MESSAGES.controlCharacters, errors: { name: MESSAGES.controlCharacters } } });
    const hours = await owner.post('/api/businesses', businessInput({ business_hours: { monday: '9-5\u001b[2J' } }));
    expect(hours.body.errors).toEqual({ 'business_hours.monday': MESSAGES.controlCharacters });
    const social = await owner.post('/api/businesses', businessInput({ social_media: { instagram: 'olive\u007f' } }));
    expect(social.body.errors).toEqual({ 'social_media.instagram': MESSAGES.controlCharacters });
    expect((await api.core.db.query('SELECT count(*) AS n FROM businesses')).rows[0].n).toBe(before);
    const lines = await owner.post('/api/businesses', businessInput({ description: 'Open late.\r\nHalal.\tFamily-run.' }));
    expect(lines).toMatchObject({ status: 201, body: { description: 'Open late.\nHalal.\tFamily-run.' } });
  });

  it('refuses control characters in search filters with a 400', async () => {
    for (const path of ['/api/businesses', '/api/businesses/summary', '/api/businesses/by-city', '/api/businesses/map/6/31/20?v=1']) {
      for (const filter of ['search', 'category', 'city']) {
        const answer = await api.client().get(`${path}${path.includes('?') ? '&' : '?'}${filter}=olive%00grove`);
        expect(answer, `${path} ${filter}`).toMatchObject({ status: 400, body: { errors: { [filter]: MESSAGES.controlCharacters } } });
      }
    }
  });

  it('enqueues geocoding for a business without coordinates', async () => {
    const business = await createBusiness(owner, { postcode: 'SW1A 1AA' });
    const jobs = await api.core.jobs.queues.geocoding.getJobs(['waiting', 'delayed', 'active', 'completed']);
    expect(jobs.some((job) => job.data.businessId === business.id && job.data.postcode === 'SW1A 1AA')).toBe(true);
  });
});

describe('GET /api/businesses', () => {
  it('filters by category and city, treating empty and all as no filter', async () => {
    await createBusiness(owner, { name: 'Nablus Soap House', city: 'Manchester', postcode: 'M1 1AE', category: 'Beauty & Wellness' });
    await createBusiness(owner, { name: 'Gaza Grill', city: 'Leeds', postcode: 'LS1 1BA', category: 'Restaurant' });
    const all = await api.client().get('/api/businesses?category=all&city=');
    const manchester = await api.client().get('/api/businesses?city=manchester');
    const restaurants = await api.client().get('/api/businesses?category=Restaurant&city=Leeds');
    expect(all.body.length).toBeGreaterThanOrEqual(3);
    expect(manchester.body.map((b: { name: string }) => b.name)).toEqual(['Nablus Soap House']);
    expect(restaurants.body.map((b: { name: string }) => b.name)).toEqual(['Gaza Grill']);
  });

  it('searches name, description, category, city, postcode and address, case-insensitively', async () => {
    await createBusiness(owner, {
      name: 'Tatreez Embroidery Studio',
      description: 'Hand-stitched cross-stitch cushions',
      city: 'Bristol',
      postcode: 'BS1 4DJ',
      address: '3 Colston Avenue',
      category: 'Arts & Crafts',
    });
    for (const term of ['tatreez', 'CROSS-STITCH', 'arts & crafts', 'bristol', 'bs1 4dj', 'colston']) {
      const answer = await api.client().get(`/api/businesses?search=${encodeURIComponent(term)}`);
      expect(
        answer.body.map((b: { name: string }) => b.name),
        term,
      ).toContain('Tatreez Embroidery Studio');
    }
  });

  it('tolerates a small typo and puts the best match first', async () => {
    await createBusiness(owner, { name: 'Haifa Restaurant', description: 'Grilled fish', city: 'Glasgow', postcode: 'G1 1AA' });
    await createBusiness(owner, { name: 'Corner Cafe', description: 'Coffee near a restaurant in Haifa style', city: 'Glasgow', postcode: 'G1 2AA' });
    const typo = await api.client().get('/api/businesses?search=restaurnt');
    expect(typo.body.map((b: { name: string }) => b.name)).toContain('Haifa Restaurant');
    const ranked = await api.client().get('/api/businesses?search=haifa');
    expect(ranked.body[0].name).toBe('Haifa Restaurant');
  });

  it('treats LIKE wildcards in search as plain text', async () => {
    const answer = await api.client().get('/api/businesses?search=%25%25%25');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([]);
  });

  it('shows new businesses at once (the cached answer is dropped on write)', async () => {
    const first = await api.client().get('/api/businesses?city=York');
    expect(first.body).toEqual([]);
    await createBusiness(owner, { name: 'Shatila Sweets', city: 'York', postcode: 'YO1 7HH' });
    const second = await api.client().get('/api/businesses?city=York');
    expect(second.body.map((b: { name: string }) => b.name)).toEqual(['Shatila Sweets']);
  });
});

describe('GET /api/businesses/:id', () => {
  it('answers 404 Business not found for a missing or malformed id', async () => {
    expect(await api.client().get('/api/businesses/999999')).toMatchObject({ status: 404, body: { detail: MESSAGES.businessNotFound } });
    expect(await api.client().get('/api/businesses/abc')).toMatchObject({ status: 404, body: { detail: MESSAGES.businessNotFound } });
  });

  it('fills report_count and latest_reports only for admins', async () => {
    const business = await createBusiness(owner);
    await reportByNewMembers(api, business.id, ['Other', 'Spam or duplicate', 'Inaccurate information', 'Business closed/moved']);
    const visitor = await api.client().get(`/api/businesses/${business.id}`);
    expect(visitor.body).toMatchObject({ report_count: 0, latest_reports: [] });
    const admin = await adminClient(api);
    const seen = await admin.get(`/api/businesses/${business.id}`);
    expect(seen.body.report_count).toBe(4);
    expect(seen.body.latest_reports).toHaveLength(3);
    expect(seen.body.latest_reports[0]).toMatchObject({
      reason: 'Business closed/moved',
      reporter_username: expect.any(String),
      business_id: business.id,
    });
    const list = await admin.get('/api/businesses');
    expect(list.body.find((b: { id: number }) => b.id === business.id).report_count).toBe(4);
    const publicList = await api.client().get('/api/businesses');
    expect(publicList.body.find((b: { id: number }) => b.id === business.id).report_count).toBe(0);
  });
});

describe('PUT /api/businesses/:id and can-edit', () => {
  it('lets the owner and admins edit, and refuses others with 403', async () => {
    const business = await createBusiness(owner);
    const stranger = api.client();
    await stranger.signup();
    expect(await stranger.put(`/api/businesses/${business.id}`, businessInput({ name: 'Hijacked' }))).toMatchObject({
      status: 403,
      body: { detail: MESSAGES.notAllowedToEdit },
    });
    const edited = await owner.put(`/api/businesses/${business.id}`, businessInput({ name: 'Renamed Kitchen' }));
    expect(edited).toMatchObject({ status: 200, body: { id: business.id, name: 'Renamed Kitchen' } });
    const admin = await adminClient(api);
    expect((await admin.put(`/api/businesses/${business.id}`, businessInput({ name: 'Admin Fixed' }))).body.name).toBe('Admin Fixed');
    expect((await api.client().put(`/api/businesses/${business.id}`, businessInput())).status).toBe(401);
    expect((await owner.put('/api/businesses/999999', businessInput())).status).toBe(404);
  });

  it('answers can-edit without errors for visitors', async () => {
    const business = await createBusiness(owner);
    expect((await api.client().get(`/api/businesses/${business.id}/can-edit`)).body).toEqual({ can_edit: false, is_owner: false });
    expect((await owner.get(`/api/businesses/${business.id}/can-edit`)).body).toEqual({ can_edit: true, is_owner: true });
    const admin = await adminClient(api);
    expect((await admin.get(`/api/businesses/${business.id}/can-edit`)).body).toEqual({ can_edit: true, is_owner: false });
    const stranger = api.client();
    await stranger.signup();
    expect((await stranger.get(`/api/businesses/${business.id}/can-edit`)).body).toEqual({ can_edit: false, is_owner: false });
  });
});

describe('ids out of range', () => {
  it('answer 404, never a database error', async () => {
    expect(await api.client().get('/api/businesses/99999999999')).toMatchObject({ status: 404, body: { detail: MESSAGES.businessNotFound } });
    expect(await api.client().get('/api/businesses/1.5/votes')).toMatchObject({ status: 404 });
    expect((await api.client().get('/api/businesses/-3/comments')).status).toBe(404);
  });
});
