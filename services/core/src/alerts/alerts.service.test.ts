import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, alertInputSchema, businessInputSchema } from '@zaytoon/contract';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import { toDirectoryFilters } from '../directory/directory-filters';
import { JobQueueRepository } from '../jobs/job-queue.repository';
import { createQueueConnection } from '../jobs/redis-connection';
import { AlertTokens } from './alert-token';
import { AlertsService, type AlertDigest } from './alerts.service';

let database: ThrowawayDatabase;
let db: pg.Pool;
let connection: ReturnType<typeof createQueueConnection>;
let jobs: JobQueueRepository;
let alerts: AlertsService;
let businesses: BusinessesRepository;
let memberId: number;
const member = () => ({ id: memberId }) as Parameters<AlertsService['create']>[1];

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!url || !redisUrl) throw new Error('DATABASE_URL and REDIS_URL must point at the real test services (npm test provides them)');
  database = await createMigratedDatabase(url, 'alert_filters');
  db = new pg.Pool({ connectionString: database.url });
  connection = createQueueConnection(redisUrl, 'producer');
  jobs = new JobQueueRepository(connection);
  alerts = new AlertsService(db, jobs, new AlertTokens({ SESSION_SECRET: 's'.repeat(40) }));
  businesses = new BusinessesRepository(db);
  // A member id no earlier run used: the mail's job id (per member and day) must be new in the shared Redis.
  await db.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), $1)`, [Date.now() % 1_000_000_000]);
  memberId = (
    await db.query<{ id: number }>(
      `INSERT INTO users (email, username, name, password_hash, email_confirmed_at)
       VALUES ('alerts@example.com', 'alerts', 'Alerts', 'x', now()) RETURNING id`,
    )
  ).rows[0].id;
});

afterAll(async () => {
  await jobs?.close();
  connection?.disconnect();
  await db?.end();
  await database?.drop();
});

const CITY = 'Alertham';
const ALWAYS = Object.fromEntries(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((day) => [day, '24 hours']));
const NEVER = Object.fromEntries(Object.keys(ALWAYS).map((day) => [day, 'Closed']));

const save = (input: Record<string, string>) => alerts.create(alertInputSchema.parse(input), member());

async function add(name: string, business_hours: Record<string, string>, verified: boolean) {
  const business = await businesses.insert(
    businessInputSchema.parse({ name, address: '1 High St', city: CITY, postcode: 'LS1 1AA', business_hours }),
    memberId,
    false,
  );
  if (verified) await db.query('UPDATE businesses SET verified_on = current_date WHERE id = $1', [business.id]);
}

/** The names /browse lists for these filters. */
async function browse(query: Parameters<typeof toDirectoryFilters>[0]): Promise<string[]> {
  return (await businesses.listPage(toDirectoryFilters(query), { limit: 50, forAdmin: false })).map((row) => row.name).sort();
}

describe("alerts keep every filter of /browse, 'Verified only' and 'Open now' among them", () => {
  let verifiedOpen: number;
  let everything: number;
  let unverified: number;

  it('saves them, answers them, and counts an alert differing only there as another alert', async () => {
    const saved = await save({ city: CITY, verified: 'true', open_now: 'true' });
    expect(saved).toMatchObject({ city: CITY, category: null, search: null, verified: true, open_now: true });
    verifiedOpen = saved.id;
    everything = (await save({ city: CITY })).id;
    unverified = (await save({ city: CITY, verified: 'false' })).id;
    await expect(save({ city: CITY.toUpperCase(), verified: 'true', open_now: 'true' })).rejects.toThrow(MESSAGES.alertExists);
    expect((await alerts.list(member())).map(({ verified, open_now }) => [verified, open_now])).toEqual([
      [true, true],
      [null, false],
      [false, false],
    ]);
  });

  it("refuses a 'Verified only' or 'Open now' /browse would refuse", () => {
    expect(alertInputSchema.safeParse({ verified: 'yes' }).success).toBe(false);
    expect(alertInputSchema.safeParse({ open_now: 'false' }).success).toBe(false);
  });

  it("mails each alert what /browse lists for its filters; a mail's 'Open now' is the businesses whose hours say when they open", async () => {
    await add('Verified Always Open', ALWAYS, true);
    await add('Verified No Hours', {}, true);
    await add('Verified Never Open', NEVER, true);
    await add('Unverified Always Open', ALWAYS, false);

    expect(await alerts.sendDueMails()).toBe(1);
    const day = new Date().toISOString().slice(0, 10);
    const job = await jobs.queues.emails.getJob(`alert-digest-${memberId}-${day}`);
    const mailed = new Map((job?.data.alerts as AlertDigest[]).map((alert) => [alert.id, alert]));
    const names = (id: number) =>
      mailed
        .get(id)
        ?.businesses.map((business) => business.name)
        .sort();

    expect(names(verifiedOpen)).toEqual(['Verified Always Open']);
    expect(mailed.get(verifiedOpen)).toMatchObject({ verified: true, open_now: true, total: 1 });
    expect(names(everything)).toEqual(await browse({ city: CITY }));
    expect(names(everything)).toHaveLength(4);
    expect(names(unverified)).toEqual(await browse({ city: CITY, verified: 'false' }));
    expect(names(unverified)).toEqual(['Unverified Always Open']);
    // 'Verified only' alone is /browse's list; 'Open now' then keeps those that open at some time of the week.
    const verifiedOnBrowse = await browse({ city: CITY, verified: 'true' });
    expect(verifiedOnBrowse).toEqual(['Verified Always Open', 'Verified Never Open', 'Verified No Hours']);
    expect(names(verifiedOpen)?.every((name) => verifiedOnBrowse.includes(name))).toBe(true);
  });
});
