import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../db/pool';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import { setRevisionContext } from './revision-context';
import { RevisionsRepository } from './revisions.repository';

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must point at the real test service (npm test provides it)');
  database = await createMigratedDatabase(url, 'revision_trigger');
  db = new pg.Pool({ connectionString: database.url });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

const insertBusiness = async (client: pg.Pool | pg.PoolClient = db) =>
  (
    await client.query<{ id: number }>(
      `INSERT INTO businesses (name, address, city, postcode) VALUES ('Olive', '1 High St', 'Leeds', 'LS1 1AA') RETURNING id`,
    )
  ).rows[0].id;
const revisionsOf = async (id: number) =>
  (await db.query('SELECT kind, actor_id, actor_role, changes FROM business_revisions WHERE business_id = $1 ORDER BY id', [id])).rows;

describe('the businesses_record_revision trigger (migration 1700000000009)', () => {
  it('ignores vote totals, coordinates from geocoding, updated_at and the old verified flag', async () => {
    const id = await insertBusiness();
    const before = await revisionsOf(id);
    expect(before.map((revision) => revision.kind)).toEqual(['create']);
    await db.query(
      'UPDATE businesses SET upvotes = upvotes + 3, downvotes = 1, latitude = 53.8, longitude = -1.55, updated_at = now(), verified = true WHERE id = $1',
      [id],
    );
    // A tracked column set to the value it has is no change either.
    await db.query("UPDATE businesses SET name = 'Olive' WHERE id = $1", [id]);
    expect(await revisionsOf(id)).toEqual(before);
  });

  it('records a tracked change with the context of its transaction, one revision for all its writes', async () => {
    const id = await insertBusiness();
    const { rows } = await db.query<{ id: number }>(
      "INSERT INTO users (email, username, name, password_hash) VALUES ('t@example.com', 'tess', 'Tess', 'x') RETURNING id",
    );
    await inTransaction(db, async (client) => {
      await setRevisionContext(client, { kind: 'merge', actorId: rows[0].id });
      await client.query("UPDATE businesses SET phone = '01', upvotes = 2 WHERE id = $1", [id]);
      await client.query("UPDATE businesses SET phone = '02', city = 'York' WHERE id = $1", [id]);
      await client.query("UPDATE businesses SET city = 'Leeds' WHERE id = $1", [id]);
    });
    expect((await revisionsOf(id)).slice(1)).toEqual([
      { kind: 'merge', actor_id: rows[0].id, actor_role: 'member', changes: { phone: { before: '', after: '02' } } },
    ]);
    // The context ends with its transaction: the next write names nobody.
    await db.query("UPDATE businesses SET phone = '03' WHERE id = $1", [id]);
    expect((await revisionsOf(id)).at(-1)).toEqual({
      kind: 'edit',
      actor_id: null,
      actor_role: 'unknown',
      changes: { phone: { before: '02', after: '03' } },
    });
  });

  it("a merge: the merged business's revisions move, and the opened 'merge' revision stands even with no field changed", async () => {
    const kept = await insertBusiness();
    const merged = await insertBusiness();
    await db.query("UPDATE businesses SET phone = '05' WHERE id = $1", [merged]);
    await inTransaction(db, async (client) => {
      await setRevisionContext(client, { kind: 'merge', actorId: null });
      const revisions = new RevisionsRepository(client);
      await revisions.moveAll(merged, kept);
      await revisions.open(kept);
      await client.query('UPDATE businesses SET upvotes = upvotes + 1 WHERE id = $1', [kept]);
      await client.query('DELETE FROM businesses WHERE id = $1', [merged]);
    });
    expect((await revisionsOf(kept)).map((revision) => [revision.kind, revision.changes])).toEqual([
      ['create', expect.anything()],
      ['create', expect.anything()],
      ['edit', { phone: { before: '', after: '05' } }],
      ['merge', {}],
    ]);
  });

  it("records nothing in a seed's transaction", async () => {
    const id = await inTransaction(db, async (client) => {
      await setRevisionContext(client, { kind: 'seed', actorId: null });
      const inserted = await insertBusiness(client);
      await client.query("UPDATE businesses SET verified_on = current_date, verification_method = 'Public statement' WHERE id = $1", [inserted]);
      return inserted;
    });
    expect(await revisionsOf(id)).toEqual([]);
  });
});
