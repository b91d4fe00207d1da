import { randomBytes } from 'node:crypto';
import type pg from 'pg';

export async function insertUser(
  db: pg.Pool,
  overrides: Partial<{ name: string; email: string; isAdmin: boolean; picture: string; emailConfirmed: boolean }> = {},
) {
  const suffix = randomBytes(4).toString('hex');
  const { rows } = await db.query<{ id: number; email: string; name: string }>(
    `INSERT INTO users (email, username, name, password_hash, is_admin, picture, email_confirmed_at)
     VALUES ($1, $2, $3, 'not-a-real-hash', $4, $5, CASE WHEN $6 THEN now() END) RETURNING id, email, name`,
    [
      overrides.email ?? `u${suffix}@example.com`,
      `user_${suffix}`,
      overrides.name ?? `User ${suffix}`,
      overrides.isAdmin ?? false,
      overrides.picture ?? null,
      overrides.emailConfirmed ?? false,
    ],
  );
  return rows[0];
}

export async function insertBusiness(db: pg.Pool, overrides: Partial<{ name: string; postcode: string; ownerId: number; verified: boolean }> = {}) {
  const { rows } = await db.query<{ id: number; name: string }>(
    // A verified business has a standing verification: verified today, in person.
    `INSERT INTO businesses (name, address, city, postcode, category, owner_id, verified_on, verification_method)
     VALUES ($1, '1 High Street', 'London', $2, 'Cafe', $3, CASE WHEN $4 THEN current_date END, CASE WHEN $4 THEN 'Visited in person' END)
     RETURNING id, name`,
    [
      overrides.name ?? `Olive Cafe ${randomBytes(2).toString('hex')}`,
      overrides.postcode ?? 'SW1A 1AA',
      overrides.ownerId ?? null,
      overrides.verified ?? false,
    ],
  );
  return rows[0];
}
