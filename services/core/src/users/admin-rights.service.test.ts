import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool } from '../db/pool';
import { createMigratedDatabase, testServerUrl, type ThrowawayDatabase } from '../db/throwaway-db';
import { AdminRightsService } from './admin-rights.service';

describe('AdminRightsService.promote (real Postgres)', () => {
  let db: ThrowawayDatabase;
  let pool: pg.Pool;
  let service: AdminRightsService;

  const addUser = async (email: string, username: string): Promise<number> =>
    (
      await pool.query<{ id: number }>("INSERT INTO users (email, username, name, password_hash) VALUES ($1, $2, 'Test User', 'x') RETURNING id", [
        email,
        username,
      ])
    ).rows[0].id;
  const isAdmin = async (id: number) => (await pool.query('SELECT is_admin FROM users WHERE id = $1', [id])).rows[0].is_admin;
  const auditOf = async (id: number) =>
    (await pool.query("SELECT actor_id, details FROM audit_log WHERE action = 'user.promoted' AND target_id = $1", [id])).rows;

  beforeAll(async () => {
    db = await createMigratedDatabase(testServerUrl(), 'zaytoon_admin_rights');
    pool = createPool(db.url, 3);
    service = new AdminRightsService(pool);
  }, 120_000);

  afterAll(async () => {
    await pool?.end();
    await db?.drop();
  }, 60_000);

  it('takes the username match for a value without an @, the email match for one with it', async () => {
    // Neither pairing can be made through the API; rows from before its checks may hold them.
    const emailCasey = await addUser('casey', 'casey-by-email');
    const usernameCasey = await addUser('b@example.com', 'Casey');
    expect(await service.promote('CASEY')).toMatchObject({ status: 'promoted', user: { id: usernameCasey, username: 'Casey' } });
    expect([await isAdmin(usernameCasey), await isAdmin(emailCasey)]).toEqual([true, false]);

    const emailDrew = await addUser('drew@example.com', 'drew-by-email');
    const usernameDrew = await addUser('d@example.com', 'Drew@Example.com');
    expect(await service.promote('drew@EXAMPLE.com')).toMatchObject({ status: 'promoted', user: { id: emailDrew } });
    expect([await isAdmin(emailDrew), await isAdmin(usernameDrew)]).toEqual([true, false]);
  });

  it('records one audit entry without an actor, with the value given, and none when nothing changes', async () => {
    const id = await addUser('erin@example.com', 'erin');
    expect(await service.promote('  Erin@example.com ')).toMatchObject({ status: 'promoted' });
    expect(await service.promote('erin')).toMatchObject({ status: 'already_admin', user: { id, email: 'erin@example.com' } });
    expect(await auditOf(id)).toEqual([{ actor_id: null, details: { via: 'cli', identifier: 'Erin@example.com' } }]);
    expect(await service.promote('   ')).toEqual({ status: 'not_found' });
  });

  it('waits for a transaction holding the user, then sees its change (the row is locked, not read stale)', async () => {
    const id = await addUser('frank@example.com', 'frank');
    const holder = await pool.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('UPDATE users SET is_admin = true WHERE id = $1', [id]);
      const promotion = service.promote('frank');
      const waitingOnLock = async () =>
        (
          await pool.query<{ waiting: number }>(
            "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
          )
        ).rows[0].waiting;
      while ((await waitingOnLock()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      await holder.query('COMMIT');
      expect(await promotion).toMatchObject({ status: 'already_admin', user: { id } });
      expect(await auditOf(id)).toEqual([]);
    } finally {
      holder.release();
    }
  });
});
