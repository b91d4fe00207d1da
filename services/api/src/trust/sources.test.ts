// Proof of support as a list of sources, written by the business form and by approved
// suggestions; proof_of_support stays as their text for clients that predate them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, MESSAGES, SOURCE_RULES, textTooLongMessage, tooManySourcesMessage } from '@zaytoon/contract';
import { adminOwnerAndMember, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

let api: TestApi;
let admin: ApiTestClient;
let owner: ApiTestClient;
let member: ApiTestClient;
let memberName: string;
beforeAll(async () => {
  api = await startTestApi();
  ({ admin, owner, member, memberName } = await adminOwnerAndMember(api));
});
afterAll(async () => api?.stop());

const today = () => new Date().toISOString().slice(0, 10);
const statement = {
  kind: 'Public statement',
  url: 'https://olive.example/statement',
  description: 'Statement of solidarity on our website',
  date: '2025-11-02',
};
const sign = { kind: 'In-store sign', description: 'A Free Palestine sign in the window', date: '2026-01-15' };
const detailOf = async (id: number) => (await api.client().get(`/api/businesses/${id}`)).body;

describe('sources of proof of support', () => {
  it('a business is added with its sources: the detail lists them newest date first, and proof_of_support is their text', async () => {
    const created = await createBusiness(owner, { proof_of_support: '', sources: [statement, sign] });
    expect(created.sources.map((source: { kind: string }) => source.kind)).toEqual(['In-store sign', 'Public statement']);
    const detail = await detailOf(created.id);
    expect(detail.sources).toEqual([
      { id: expect.any(Number), kind: 'In-store sign', url: null, description: sign.description, date: sign.date, link: null },
      {
        id: expect.any(Number),
        ...statement,
        link: { status: 'unchecked', archived_title: null },
      },
    ]);
    expect(detail.proof_of_support).toBe(
      'In-store sign, 2026-01-15: A Free Palestine sign in the window\n' +
        'Public statement, 2025-11-02: Statement of solidarity on our website (https://olive.example/statement)',
    );
    const listed = await api.client().get(`/api/businesses?search=${encodeURIComponent(created.name)}`);
    expect(listed.body[0].proof_of_support).toBe(detail.proof_of_support);
    expect(listed.body[0]).not.toHaveProperty('sources');
  });

  it("an old client's text becomes one 'Other' source dated today, and reads back as it was written", async () => {
    const created = await createBusiness(owner, { proof_of_support: 'Donates 10% of profits to Gaza relief.' });
    expect(created.sources).toEqual([
      { id: expect.any(Number), kind: 'Other', url: null, description: 'Donates 10% of profits to Gaza relief.', date: today(), link: null },
    ]);
    expect((await detailOf(created.id)).proof_of_support).toBe('Donates 10% of profits to Gaza relief.');
    expect((await createBusiness(owner, { proof_of_support: '' })).sources).toEqual([]);
  });

  it('an edit keeps each source sent back with its id and url (and its link checks); a changed url is a new source; a left-out one goes', async () => {
    const created = await createBusiness(owner, {
      sources: [statement, sign, { kind: 'Other', description: 'Sells olive oil from a Palestinian co-op', date: '2025-01-01' }],
    });
    const [signSource, statementSource] = created.sources;
    await api.core.db.query(`UPDATE business_sources SET link_status = 'ok', link_http_status = 200, link_checked_at = now() WHERE id = $1`, [
      statementSource.id,
    ]);
    const edited = await owner.put(
      `/api/businesses/${created.id}`,
      businessInput({
        name: created.name,
        sources: [
          { ...statement, id: statementSource.id, description: 'Statement of solidarity, pinned on our site' },
          { ...sign, id: signSource.id, url: 'https://olive.example/sign.jpg' },
        ],
      }),
    );
    expect(edited.status).toBe(200);
    const [newSign, keptStatement] = edited.body.sources;
    expect(keptStatement).toMatchObject({
      id: statementSource.id,
      description: 'Statement of solidarity, pinned on our site',
      link: { status: 'ok' },
    });
    expect((await admin.get(`/api/businesses/${created.id}`)).body.sources[1]).toMatchObject({ id: statementSource.id, link: { http_status: 200 } });
    expect(newSign).toMatchObject({ kind: 'In-store sign', url: 'https://olive.example/sign.jpg', link: { status: 'unchecked' } });
    expect(newSign.id).not.toBe(signSource.id);
    expect(edited.body.sources).toHaveLength(2);
    expect(await detailOf(created.id)).toMatchObject({ sources: edited.body.sources });
  });

  it("an old client's edit leaves the sources alone when it sends their text back, and replaces them when it sends other text", async () => {
    const created = await createBusiness(owner, { sources: [statement, sign] });
    const unchanged = await owner.put(
      `/api/businesses/${created.id}`,
      businessInput({ name: created.name, proof_of_support: created.proof_of_support }),
    );
    expect(unchanged.body.sources).toEqual(created.sources);
    const rewritten = await owner.put(
      `/api/businesses/${created.id}`,
      businessInput({ name: created.name, proof_of_support: 'Hosts fundraisers for Gaza.' }),
    );
    expect(rewritten.body.sources).toEqual([expect.objectContaining({ kind: 'Other', description: 'Hosts fundraisers for Gaza.', date: today() })]);
    expect(rewritten.body.proof_of_support).toBe('Hosts fundraisers for Gaza.');
  });

  it("another business's source id is not taken over: the source is added as new", async () => {
    const other = await createBusiness(member, { sources: [statement] });
    const created = await createBusiness(owner, { sources: [] });
    const edited = await owner.put(
      `/api/businesses/${created.id}`,
      businessInput({ name: created.name, sources: [{ ...statement, id: other.sources[0].id }] }),
    );
    expect(edited.body.sources[0].id).not.toBe(other.sources[0].id);
    expect((await detailOf(other.id)).sources).toEqual(other.sources);
  });

  it('refuses invalid sources with 400 in the contract words, naming the field', async () => {
    const refused = async (source: Record<string, unknown>, detail: string, field: string) => {
      const answer = await owner.post('/api/businesses', businessInput({ sources: [sign, source] }));
      expect(answer.status).toBe(400);
      expect(answer.body.detail).toBe(detail);
      expect(answer.body.errors[field]).toBe(detail);
    };
    await refused({ ...sign, kind: 'Rumour' }, MESSAGES.sourceKindRequired, 'sources.1.kind');
    await refused({ ...sign, url: 'javascript:alert(1)' }, MESSAGES.sourceUrlInvalid, 'sources.1.url');
    for (const url of ['https://olive.example:8443/statement', 'http://olive.example:6379/', 'http://10.0.0.1:22/', 'https://olive.example:1/'])
      await refused({ ...sign, url }, MESSAGES.sourceUrlPortRefused, 'sources.1.url');
    await refused(
      { ...sign, url: `https://olive.example/${'a'.repeat(SOURCE_RULES.urlMaxLength)}` },
      textTooLongMessage('Source link', SOURCE_RULES.urlMaxLength),
      'sources.1.url',
    );
    await refused({ ...sign, description: '  ' }, MESSAGES.sourceDescriptionRequired, 'sources.1.description');
    await refused(
      { ...sign, description: 'a'.repeat(SOURCE_RULES.descriptionMaxLength + 1) },
      textTooLongMessage('Source description', SOURCE_RULES.descriptionMaxLength),
      'sources.1.description',
    );
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    for (const date of [tomorrow, '2026-02-30', '15/01/2026', undefined])
      await refused({ ...sign, date }, MESSAGES.sourceDateInvalid, 'sources.1.date');
    const tooMany = await owner.post(
      '/api/businesses',
      businessInput({ sources: Array.from({ length: SOURCE_RULES.maxPerBusiness + 1 }, () => sign) }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toBe(tooManySourcesMessage(SOURCE_RULES.maxPerBusiness));
    const longText = await owner.post('/api/businesses', businessInput({ proof_of_support: 'a'.repeat(SOURCE_RULES.descriptionMaxLength + 1) }));
    expect(longText.status).toBe(400);
    expect(longText.body.errors['proof_of_support.description']).toBe(textTooLongMessage('Source description', SOURCE_RULES.descriptionMaxLength));
  });

  it("takes the web's own ports: none, 80 or 443", async () => {
    for (const url of ['https://olive.example/a', 'https://olive.example:443/a', 'http://olive.example:80/a', 'https://olive.example:80/a']) {
      const answer = await owner.post('/api/businesses', businessInput({ sources: [{ ...sign, url }] }));
      expect(answer.status, url).toBe(201);
    }
  });

  it("what a link check fetched (status, final URL, the page's text, when) is for admins: every other answer shows the link's state and archived title only", async () => {
    const created = await createBusiness(owner, { sources: [statement] });
    const sourceId = created.sources[0].id;
    await api.core.db.query(
      `UPDATE business_sources SET link_status = 'broken', link_failures = 3, link_http_status = 418, link_checked_at = now(),
              link_final_url = 'https://inside.example/FINAL-URL-MARKER', archived_title = 'Our statement',
              archived_excerpt = 'EXCERPT-MARKER of the page the checker read'
        WHERE id = $1`,
      [sourceId],
    );
    const leaks = (body: unknown) => /MARKER|"http_status"|"final_url"|"archived_excerpt"/.test(JSON.stringify(body));
    const answers: [string, unknown][] = [];
    for (const [who, client] of [
      ['visitor', api.client()],
      ['member', member],
      ['owner', owner],
    ] as const) {
      for (const [name, definition] of Object.entries(API_ROUTES)) {
        if (definition.method !== 'get' || definition.access === 'admin') continue;
        const answer = await client.get('/api' + definition.path.replace(/:\w+/, String(created.id)));
        answers.push([`${who} ${name} ${answer.status}`, answer.body]);
      }
    }
    expect(answers.filter(([, body]) => leaks(body)).map(([where]) => where)).toEqual([]);
    expect((await detailOf(created.id)).sources[0].link).toEqual({ status: 'broken', archived_title: 'Our statement' });
    expect((await admin.get(`/api/businesses/${created.id}`)).body.sources[0].link).toEqual({
      status: 'broken',
      archived_title: 'Our statement',
      checked_at: expect.any(String),
      final_url: 'https://inside.example/FINAL-URL-MARKER',
      http_status: 418,
      archived_excerpt: 'EXCERPT-MARKER of the page the checker read',
    });
  });

  it('only the owner or an admin edits the sources (401, 403), as any edit', async () => {
    const created = await createBusiness(owner, { sources: [sign] });
    const edit = businessInput({ name: created.name, sources: [statement] });
    const anonymous = await api.client().put(`/api/businesses/${created.id}`, edit);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.detail).toBe(MESSAGES.notAuthenticated);
    const stranger = await member.put(`/api/businesses/${created.id}`, edit);
    expect(stranger.status).toBe(403);
    expect(stranger.body.detail).toBe(MESSAGES.notAllowedToEdit);
    expect((await detailOf(created.id)).sources).toEqual(created.sources);
    expect((await admin.put(`/api/businesses/${created.id}`, edit)).body.sources).toEqual([expect.objectContaining({ kind: 'Public statement' })]);
    expect((await api.client().post('/api/businesses', businessInput({ sources: [sign] }))).status).toBe(401);
  });
});

describe('sources suggested by members', () => {
  const suggest = (businessId: number, suggested_value: string) =>
    member.post(`/api/businesses/${businessId}/suggestions`, { field_name: 'proof_of_support', suggested_value, reason: 'Saw it myself' });
  const approve = (suggestionId: number) => admin.post(`/api/admin/suggestions/${suggestionId}/review?action=approve`);

  it("a suggested source is shown readably, and 'Approve & Update' adds it to the business's sources, by its suggester", async () => {
    const created = await createBusiness(owner, { sources: [sign] });
    const suggestion = await suggest(created.id, JSON.stringify(statement));
    expect(suggestion.status).toBe(201);
    expect(JSON.parse(suggestion.body.suggested_value)).toEqual(statement);
    expect(suggestion.body).toMatchObject({
      field_name: 'proof_of_support',
      current_value: created.proof_of_support,
      suggestion_type: 'edit_existing',
    });
    expect((await approve(suggestion.body.id)).status).toBe(200);
    const detail = await detailOf(created.id);
    expect(detail.sources).toEqual([
      created.sources[0],
      expect.objectContaining({ ...statement, link: expect.objectContaining({ status: 'unchecked' }) }),
    ]);
    const { rows } = await api.core.db.query(
      `SELECT u.username FROM business_sources s JOIN users u ON u.id = s.added_by WHERE s.url = $1 AND s.business_id = $2`,
      [statement.url, created.id],
    );
    expect(rows).toEqual([{ username: memberName }]);
  });

  it("an old client's text suggestion becomes an 'Other' source dated the day it was suggested", async () => {
    const created = await createBusiness(owner, { proof_of_support: '' });
    const suggestion = await suggest(created.id, 'Collects donations for Gaza at the till.');
    expect(suggestion.body.suggestion_type).toBe('add_missing');
    expect(JSON.parse(suggestion.body.suggested_value)).toEqual({
      kind: 'Other',
      url: '',
      description: 'Collects donations for Gaza at the till.',
      date: today(),
    });
    await approve(suggestion.body.id);
    const detail = await detailOf(created.id);
    expect(detail.sources).toEqual([
      expect.objectContaining({ kind: 'Other', description: 'Collects donations for Gaza at the till.', date: today() }),
    ]);
    expect(detail.proof_of_support).toBe('Collects donations for Gaza at the till.');
  });

  it('refuses an invalid suggested source (400) and approving past the most sources (409), in the contract words', async () => {
    const created = await createBusiness(owner, { sources: [sign] });
    const invalid = await suggest(created.id, JSON.stringify({ ...statement, url: 'ftp://olive.example' }));
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors['suggested_value.url']).toBe(MESSAGES.sourceUrlInvalid);
    const otherPort = await suggest(created.id, JSON.stringify({ ...statement, url: 'http://olive.example:2375/containers' }));
    expect(otherPort.status).toBe(400);
    expect(otherPort.body.errors['suggested_value.url']).toBe(MESSAGES.sourceUrlPortRefused);
    const suggestion = await suggest(created.id, JSON.stringify(statement));
    await owner.put(
      `/api/businesses/${created.id}`,
      businessInput({ name: created.name, sources: Array.from({ length: SOURCE_RULES.maxPerBusiness }, () => sign) }),
    );
    const refused = await approve(suggestion.body.id);
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe(tooManySourcesMessage(SOURCE_RULES.maxPerBusiness));
    expect((await detailOf(created.id)).sources).toHaveLength(SOURCE_RULES.maxPerBusiness);
  });
});
