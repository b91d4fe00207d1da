import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusinessChange, ChangesPage } from '@zaytoon/contract';
import { BusinessChangesRepository, type Queryable } from '@zaytoon/core';
import { adminClient, startTestApi, type ApiTestClient, type TestApi } from '../test/harness';
import { businessInput, createBusiness } from '../test/fixtures';

let api: TestApi;
let member: ApiTestClient;
let admin: ApiTestClient;

async function feedPage(since?: string, limit?: number): Promise<ChangesPage> {
  const query = new URLSearchParams({ ...(since ? { since } : {}), ...(limit ? { limit: String(limit) } : {}) });
  const answer = await api.client().get(`/api/v1/changes?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as ChangesPage;
}

/** Every change ready after `since`, page by page, and the cursor to resume from. */
async function readToEnd(since?: string, limit?: number): Promise<{ changes: BusinessChange[]; cursor: string }> {
  const changes: BusinessChange[] = [];
  let cursor = since;
  for (;;) {
    const page = await feedPage(cursor, limit);
    changes.push(...page.changes);
    cursor = page.next_cursor;
    if (!page.has_more) return { changes, cursor };
  }
}

/**
 * Reads on from `since` until `count` changes have come: a change is held back while any older transaction of the
 * cluster runs (other suites' among them), so it may come a little later than its commit, never out of order.
 */
async function readUntil(since: string, count: number, limit?: number): Promise<{ changes: BusinessChange[]; cursor: string }> {
  const changes: BusinessChange[] = [];
  let cursor = since;
  for (const deadline = Date.now() + 10_000; changes.length < count && Date.now() < deadline;) {
    const page = await readToEnd(cursor, limit);
    changes.push(...page.changes);
    cursor = page.cursor;
    if (changes.length < count) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { changes, cursor };
}

/**
 * A transaction on its own connection that takes its id at once (as one whose first write is elsewhere would), then
 * runs `statements` and commits when `commit` is called.
 */
async function openTransaction() {
  const client = await api.core.db.connect();
  await client.query('BEGIN');
  await client.query('SELECT pg_current_xact_id()');
  return {
    commit: async (...statements: [string, unknown[]][]) => {
      try {
        for (const [sql, params] of statements) await client.query(sql, params);
        await client.query('COMMIT');
      } finally {
        client.release();
      }
    },
  };
}

const rename = (id: number, description: string): [string, unknown[]] => ['UPDATE businesses SET description = $2 WHERE id = $1', [id, description]];

beforeAll(async () => {
  api = await startTestApi();
  member = api.client();
  await member.signup();
  admin = await adminClient(api);
});
afterAll(async () => {
  await api?.stop();
});

describe('GET /api/v1/changes', () => {
  it('answers a created, an updated and a deleted business in order, a tombstone for the deletion, public fields only', async () => {
    const earlier = await createBusiness(member);
    const doomed = await createBusiness(member);
    const { cursor } = await readToEnd();

    const created = await createBusiness(member, { location_precision: 'area', address: '7 Hidden Street' });
    expect((await member.put(`/api/businesses/${earlier.id}`, businessInput({ name: earlier.name, description: 'Now with knafeh.' }))).status).toBe(
      200,
    );
    expect((await admin.delete(`/api/admin/businesses/${doomed.id}`)).status).toBe(200);

    const { changes } = await readUntil(cursor, 3);
    expect(changes.map((change) => [change.id, change.deleted])).toEqual([
      [created.id, false],
      [earlier.id, false],
      [doomed.id, true],
    ]);
    const [area, updated, tombstone] = changes;
    expect(area.deleted || area.business).toMatchObject({ name: created.name, location_precision: 'area', address: '', postcode: 'E1' });
    expect(JSON.stringify(area)).not.toContain('Hidden Street');
    expect(updated.deleted || updated.business).toMatchObject({ description: 'Now with knafeh.' });
    expect(updated.deleted || Object.keys(updated.business)).not.toEqual(expect.arrayContaining(['vote_score']));
    expect(Object.keys(tombstone).sort()).toEqual(['changed_at', 'deleted', 'id']);
  });

  it('pages by the limit with a next cursor and a Link header while more are ready', async () => {
    const { cursor } = await readToEnd();
    const made = [await createBusiness(member), await createBusiness(member), await createBusiness(member)];
    await readUntil(cursor, 3);
    const first = await api.client().get(`/api/v1/changes?since=${cursor}&limit=2`);
    expect(first.body.changes.map((change: BusinessChange) => change.id)).toEqual([made[0].id, made[1].id]);
    expect(first.body.has_more).toBe(true);
    expect(first.headers.get('link')).toBe(`</api/v1/changes?since=${first.body.next_cursor}&limit=2>; rel="next"`);
    const second = await feedPage(first.body.next_cursor, 2);
    expect(second.changes.map((change) => change.id)).toEqual([made[2].id]);
    expect(second.has_more).toBe(false);
    // Nothing new yet: the same cursor again.
    expect((await feedPage(second.next_cursor)).next_cursor).toBe(second.next_cursor);
  });

  it("reads a page in the log's order from its index, without sorting the log (ids by number, not as text)", async () => {
    await api.core.db.query(
      `INSERT INTO businesses (name, address, city, postcode) SELECT 'Feed filler ' || n, '1 High Street', 'Feedton', 'XX1 1XX' FROM generate_series(1, 5000) AS n`,
    );
    await api.core.db.query('ANALYZE business_changes');
    const plans: string[] = [];
    const explaining = {
      query: async (sql: string, params?: unknown[]) => {
        const { rows } = await api.core.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
        return { rows: [], rowCount: 0 };
      },
    } as unknown as Queryable;
    const log = new BusinessChangesRepository(explaining);
    await log.after(undefined, 500);
    await log.after(['1', 1], 500);
    expect(plans).toHaveLength(2);
    for (const plan of plans) {
      expect(plan).toMatch(/Index Scan using business_changes_position/);
      expect(plan).not.toMatch(/Sort/);
    }
  });

  it('refuses a cursor it did not give and a limit above 500 with 400', async () => {
    for (const since of [
      'nonsense',
      Buffer.from('["99999999999999999999999",1]').toString('base64url'),
      Buffer.from('["1",-1]').toString('base64url'),
    ]) {
      const answer = await api.client().get(`/api/v1/changes?since=${since}`);
      expect(answer.status, since).toBe(400);
      expect(answer.body.detail).toBe('Invalid cursor: follow the Link header of the previous page');
    }
    expect((await api.client().get('/api/v1/changes?limit=501')).status).toBe(400);
  });

  it('holds back a change committed before an older transaction still running, then answers both: none skipped', async () => {
    const [a, b] = [await createBusiness(member), await createBusiness(member)];
    const { cursor } = await readToEnd();
    // The older transaction has the lower id, the younger commits first.
    const older = await openTransaction();
    const younger = await openTransaction();
    await younger.commit(rename(b.id, 'younger transaction'));
    const whileOlderRuns = await readToEnd(cursor);
    expect(whileOlderRuns.changes).toEqual([]);
    await older.commit(rename(a.id, 'older transaction'));
    const { changes } = await readUntil(whileOlderRuns.cursor, 2);
    expect(changes.map((change) => change.deleted || change.business.description)).toEqual(['older transaction', 'younger transaction']);
  });

  it('resumes from each cursor without skipping or repeating a change while transactions commit concurrently', async () => {
    const businesses = await Promise.all(Array.from({ length: 6 }, () => createBusiness(member)));
    const start = (await readToEnd()).cursor;
    let writing = true;

    // Writers: overlapping transactions, each changing two businesses after a random pause, so that they commit in
    // another order than they took their ids.
    const writers = Array.from({ length: 4 }, async (_, writer) => {
      for (let round = 0; round < 8; round += 1) {
        const pair = [businesses[(writer + round) % 6].id, businesses[(writer + round + 3) % 6].id].sort((x, y) => x - y);
        const description = `writer ${writer} round ${round}`;
        const transaction = await openTransaction();
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
        await transaction.commit(rename(pair[0], description), rename(pair[1], description));
      }
    });

    // The reader follows the cursor while they write.
    const seen: BusinessChange[] = [];
    let cursor = start;
    const reader = (async () => {
      while (writing) {
        const page = await readToEnd(cursor, 3);
        seen.push(...page.changes);
        cursor = page.cursor;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    await Promise.all(writers);
    writing = false;
    await reader;
    const { rows } = await api.core.db.query<{ id: number; description: string }>(
      'SELECT id, description FROM businesses WHERE id = ANY($1::int[])',
      [businesses.map((business) => business.id)],
    );
    const lastSeen = new Map<number, string | null>();
    const caughtUp = () => {
      for (const change of seen) lastSeen.set(change.id, change.deleted ? null : change.business.description);
      return rows.every(({ id, description }) => lastSeen.get(id) === description);
    };
    // The last commits come once no older transaction of the cluster runs.
    for (const deadline = Date.now() + 10_000; !caughtUp() && Date.now() < deadline;) {
      const page = await readToEnd(cursor, 3);
      seen.push(...page.changes);
      cursor = page.cursor;
    }

    // Never the same change twice…
    const keys = seen.map((change) => `${change.id}@${change.changed_at}`);
    expect(new Set(keys).size).toBe(keys.length);
    // …and each business's last appearance is its last committed state.
    for (const { id, description } of rows) expect(lastSeen.get(id), `business ${id}`).toBe(description);
  });
});
