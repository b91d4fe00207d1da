import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsBefore, runMigrations } from '../db/migrate';
import { createMigratedDatabase, testServerUrl, type ThrowawayDatabase } from '../db/throwaway-db';

// Every migration before the one that keeps how each report ended apart from the reports.
const MIGRATIONS_BEFORE = migrationsBefore('1700000000028_reporter-records');

let database: ThrowawayDatabase;
let db: pg.Pool;
beforeAll(async () => {
  database = await createMigratedDatabase(testServerUrl(), 'reporter_records_migration', MIGRATIONS_BEFORE);
  db = new pg.Pool({ connectionString: database.url });
});
afterAll(async () => {
  await db?.end();
  await database?.drop();
});

describe('migration 1700000000028: reporters keep their records', () => {
  it('records the reviewed reports still stored, and the reports pending on a business whose removal was approved', async () => {
    const [reporter, other, gone] = (
      await db.query<{ id: number }>(
        `INSERT INTO users (email, username, name, password_hash)
         SELECT 'r' || n || '@example.com', 'r' || n, 'R', 'x' FROM generate_series(1, 3) AS n RETURNING id`,
      )
    ).rows.map((row) => row.id);
    const [kept, removed] = (
      await db.query<{ id: number }>(
        `INSERT INTO businesses (name, address, city, postcode)
         SELECT 'Olive ' || n, '1 High St', 'Leeds', 'LS1 1AA' FROM generate_series(1, 2) AS n RETURNING id`,
      )
    ).rows.map((row) => row.id);
    const insert = async (businessId: number, reporterId: number | null, status: string) =>
      (
        await db.query<{ id: number }>(`INSERT INTO reports (business_id, reported_by, reason, status) VALUES ($1, $2, 'Other', $3) RETURNING id`, [
          businessId,
          reporterId,
          status,
        ])
      ).rows[0].id;
    const rejected = await insert(kept, reporter, 'rejected');
    await insert(kept, other, 'pending');
    await insert(kept, null, 'rejected');
    const approved = await insert(removed, reporter, 'approved');
    const alongside = await insert(removed, other, 'pending');

    await runMigrations(database.url);

    const { rows } = await db.query('SELECT report_id, reporter_id, outcome FROM report_outcomes ORDER BY report_id');
    expect(rows).toEqual([
      { report_id: rejected, reporter_id: reporter, outcome: 'rejected' },
      { report_id: approved, reporter_id: reporter, outcome: 'upheld' },
      { report_id: alongside, reporter_id: other, outcome: 'upheld' },
    ]);
    await db.query('DELETE FROM businesses WHERE id = $1', [removed]);
    await db.query('DELETE FROM users WHERE id = ANY($1)', [[other, gone]]);
    expect((await db.query('SELECT report_id FROM report_outcomes ORDER BY report_id')).rows).toEqual([
      { report_id: rejected },
      { report_id: approved },
    ]);
  });
});
