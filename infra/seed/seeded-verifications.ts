import type pg from 'pg';
import { setRevisionContext } from '@zaytoon/core';

export const SEEDED_VERIFICATION_NOTE = 'Demo data';
const SEEDED_VERIFICATION_METHODS = ['Visited in person', 'Confirmed with the owner', 'Public statement', 'Community confirmations'];

/**
 * The standing verification of a seeded business chosen by `key` (its id, or a random whole number): most within
 * the last 11 months, every seventh one 13 to 20 months ago (due). The scale seed writes it with the row.
 */
export function seededVerification(key: number): { daysAgo: number; method: string } {
  return { daysAgo: key % 7 === 0 ? 395 + (key % 200) : (key * 37) % 330, method: SEEDED_VERIFICATION_METHODS[key % 4] };
}

/**
 * The seeds write the old `verified` flag; this gives each such business a standing verification:
 * most within the last 11 months, every seventh one 13 to 20 months ago (due), so the directory and the admins'
 * Re-checks show every state. Chosen by id, so a seed gives the same dates relative to the day it runs.
 * Runs in the caller's transaction; seeded data writes no revisions, so its history starts empty.
 */
export async function verifySeededBusinesses(db: pg.PoolClient): Promise<number> {
  await setRevisionContext(db, { kind: 'seed', actorId: null });
  const { rowCount } = await db.query(
    `WITH chosen AS (
       SELECT id,
              CASE WHEN id % 7 = 0 THEN current_date - (395 + id % 200) ELSE current_date - (id * 37) % 330 END AS day,
              ($2::text[])[1 + id % 4] AS method
         FROM businesses WHERE verified AND verified_on IS NULL
     ), recorded AS (
       INSERT INTO verifications (business_id, action, method, note, verified_on)
       SELECT id, 'verified', method, $1, day FROM chosen
     )
     UPDATE businesses b SET verified_on = c.day, verification_method = c.method FROM chosen c WHERE b.id = c.id`,
    [SEEDED_VERIFICATION_NOTE, SEEDED_VERIFICATION_METHODS],
  );
  return rowCount ?? 0;
}
