import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, alertInputSchema, businessInputSchema } from '@zaytoon/contract';
import { BrandsRepository } from '../brands/brands.repository';
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
let brands: BrandsRepository;
let memberId: number;
let brandId: number;
const member = () => ({ id: memberId }) as Parameters<AlertsService['create']>[1];

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!url || !redisUrl) throw new Error('DATABASE_URL and REDIS_URL must point at the real test services (npm test provides them)');
  database = await createMigratedDatabase(url, 'alert_tags');
  db = new pg.Pool({ connectionString: database.url });
  connection = createQueueConnection(redisUrl, 'producer');
  jobs = new JobQueueRepository(connection);
  alerts = new AlertsService(db, jobs, new AlertTokens({ SESSION_SECRET: 's'.repeat(40) }));
  businesses = new BusinessesRepository(db);
  brands = new BrandsRepository(db);
  // A member id no earlier run used: the mail's job id (per member and day) must be new in the shared Redis.
  await db.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), $1)`, [(Date.now() % 1_000_000_000) + 500]);
  memberId = (
    await db.query<{ id: number }>(
      `INSERT INTO users (email, username, name, password_hash, email_confirmed_at)
       VALUES ('alert-tags@example.com', 'alerttags', 'Alert Tags', 'x', now()) RETURNING id`,
    )
  ).rows[0].id;
  brandId = (await brands.insert({ name: 'Examplebucks', slug: 'examplebucks', reason: 'Boycotted' }, memberId))!;
});

afterAll(async () => {
  await jobs?.close();
  connection?.disconnect();
  await db?.end();
  await database?.drop();
});

const CITY = 'Tagham';
const save = (input: Record<string, string>) => alerts.create(alertInputSchema.parse(input), member());

async function add(name: string): Promise<number> {
  const business = await businesses.insert(
    businessInputSchema.parse({ name, address: '1 High St', city: CITY, postcode: 'LS1 1AA' }),
    memberId,
    false,
  );
  return business.id;
}

/** The names /browse lists for these filters. */
async function browse(query: Parameters<typeof toDirectoryFilters>[0]): Promise<string[]> {
  return (await businesses.listPage(toDirectoryFilters(query), { limit: 50, forAdmin: false })).map((row) => row.name).sort();
}

describe("alerts keep /browse's 'Alternative to…' and 'Palestinian products'", () => {
  let onBrand: number;
  let onOliveOil: number;
  let onAnyProduct: number;

  it("saves them with the brand's and the type's names; the same filters without them are another alert", async () => {
    const saved = await save({ city: CITY, alternative_to: 'examplebucks' });
    expect(saved).toMatchObject({ city: CITY, alternative_to: 'examplebucks', alternative_to_name: 'Examplebucks', palestinian_product: null });
    onBrand = saved.id;
    const oliveOil = await save({ palestinian_product: 'olive-oil' });
    expect(oliveOil).toMatchObject({ palestinian_product: 'olive-oil', palestinian_product_name: 'Olive oil', alternative_to: null });
    onOliveOil = oliveOil.id;
    onAnyProduct = (await save({ palestinian_product: 'any' })).id;
    await save({ city: CITY });
    await expect(save({ city: CITY.toUpperCase(), alternative_to: 'examplebucks' })).rejects.toThrow(MESSAGES.alertExists);
    expect(alertInputSchema.parse({ alternative_to: 'all', palestinian_product: '' })).toMatchObject({
      alternative_to: null,
      palestinian_product: null,
    });
  });

  it('refuses a brand or product type the lists do not hold', async () => {
    await expect(save({ alternative_to: 'no-such-brand' })).rejects.toThrow(MESSAGES.brandUnknown);
    await expect(save({ palestinian_product: 'no-such-type' })).rejects.toThrow(MESSAGES.productTypeUnknown);
  });

  it('mails an alert on a brand the new alternative and not another business; one on a product, the businesses that stock it', async () => {
    const alternative = await add('New Alternative Cafe');
    await add('Another New Cafe');
    const stockist = await add('New Olive Oil Deli');
    await brands.addAlternative(alternative, brandId, memberId);
    const [oliveOil] = await brands.productTypesBySlugs(['olive-oil']);
    await brands.setProducts(stockist, [oliveOil.id], memberId);

    expect(await alerts.sendDueMails()).toBe(1);
    const day = new Date().toISOString().slice(0, 10);
    const job = await jobs.queues.emails.getJob(`alert-digest-${memberId}-${day}`);
    const mailed = new Map((job?.data.alerts as AlertDigest[]).map((alert) => [alert.id, alert]));
    const names = (id: number) =>
      mailed
        .get(id)
        ?.businesses.map((business) => business.name)
        .sort();

    expect(names(onBrand)).toEqual(['New Alternative Cafe']);
    expect(names(onBrand)).toEqual(await browse({ city: CITY, alternative_to: 'examplebucks' }));
    expect(mailed.get(onBrand)).toMatchObject({ alternative_to: 'examplebucks', alternative_to_name: 'Examplebucks', total: 1 });
    expect(names(onOliveOil)).toEqual(['New Olive Oil Deli']);
    expect(mailed.get(onOliveOil)).toMatchObject({ palestinian_product: 'olive-oil', palestinian_product_name: 'Olive oil' });
    expect(names(onAnyProduct)).toEqual(await browse({ palestinian_product: 'any' }));
  });
});
