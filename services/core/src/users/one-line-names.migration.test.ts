import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../db/migration-test-database';

// Every migration before 1700000000027, which makes the names and cities stored before it one line.
const migration = databaseBeforeMigration('1700000000027_one-line-names', 'one_line_names_migration');

describe('migration 1700000000027: names and cities stored with line breaks', () => {
  it('turns each run of line breaks and control characters into one space, leaves every other row and member alone', async () => {
    const { rows } = await migration.db().query<{ id: number }>(
      `INSERT INTO businesses (name, name_latin, address, city, postcode, category) VALUES
         ($1, $2, '1 High St', $3, 'LS1 1AA', 'Cafe'),
         ('Olive Tree', '', '2 High St', 'Leeds', 'LS1 1AA', 'Cafe')
       RETURNING id`,
      ['Olive\r\nTree\u2028Bakery', 'Zaytoun\u0085\tHouse', 'Leeds\n'],
    );
    const users = await migration.db().query<{ id: number }>(
      `INSERT INTO users (email, username, name, password_hash) VALUES ('a@example.com', 'a', $1, 'x'), ('b@example.com', 'b', 'Bea Smith', 'x')
       RETURNING id`,
      ['Jo\u2029Bloggs'],
    );
    const revisionsBefore = await migration.db().query('SELECT business_id FROM business_revisions');

    await migration.migrate();

    const businesses = await migration.db().query('SELECT id, name, name_latin, city FROM businesses ORDER BY id');
    expect(businesses.rows).toEqual([
      { id: rows[0].id, name: 'Olive Tree Bakery', name_latin: 'Zaytoun House', city: 'Leeds' },
      { id: rows[1].id, name: 'Olive Tree', name_latin: '', city: 'Leeds' },
    ]);
    const members = await migration.db().query('SELECT id, name FROM users ORDER BY id');
    expect(members.rows).toEqual([
      { id: users.rows[0].id, name: 'Jo Bloggs' },
      { id: users.rows[1].id, name: 'Bea Smith' },
    ]);
    const revisionsAfter = await migration.db().query('SELECT business_id FROM business_revisions');
    expect(revisionsAfter.rows.slice(revisionsBefore.rows.length)).toEqual([{ business_id: rows[0].id }]);
  });
});
