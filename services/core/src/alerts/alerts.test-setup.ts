import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { alertInputSchema } from '@zaytoon/contract';
import { BusinessesRepository } from '../businesses/businesses.repository';
import { createMigratedDatabase, type ThrowawayDatabase } from '../db/throwaway-db';
import { toDirectoryFilters } from '../directory/directory-filters';
import { JobQueueRepository } from '../jobs/job-queue.repository';
import { createQueueConnection } from '../jobs/redis-connection';
import { AlertTokens } from './alert-token';
import { AlertsService, type AlertDigest } from './alerts.service';

/** What an alerts test works with, set once its database, queue and member are ready. */
export interface AlertsTestSetup {
  db: pg.Pool;
  jobs: JobQueueRepository;
  alerts: AlertsService;
  businesses: BusinessesRepository;
  memberId: number;
}

/**
 * Gives the test file a throwaway database, the shared Redis and a member of its own (from `before`, its id past
 * `idStart`), and takes them down after.
 */
export function setUpAlertsTest(options: { database: string; idStart: number; member: { email: string; username: string; name: string } }) {
  let database: ThrowawayDatabase;
  let connection: ReturnType<typeof createQueueConnection>;
  const setup = {} as AlertsTestSetup;

  beforeAll(async () => {
    const url = process.env.DATABASE_URL;
    const redisUrl = process.env.REDIS_URL;
    if (!url || !redisUrl) throw new Error('DATABASE_URL and REDIS_URL must point at the real test services (npm test provides them)');
    database = await createMigratedDatabase(url, options.database);
    setup.db = new pg.Pool({ connectionString: database.url });
    connection = createQueueConnection(redisUrl, 'producer');
    setup.jobs = new JobQueueRepository(connection);
    setup.alerts = new AlertsService(setup.db, setup.jobs, new AlertTokens({ SESSION_SECRET: 's'.repeat(40) }));
    setup.businesses = new BusinessesRepository(setup.db);
    // A member id no earlier run used: the mail's job id (per member and day) must be new in the shared Redis.
    await setup.db.query(`SELECT setval(pg_get_serial_sequence('users', 'id'), $1)`, [(Date.now() % 1_000_000_000) + options.idStart]);
    setup.memberId = (
      await setup.db.query<{ id: number }>(
        `INSERT INTO users (email, username, name, password_hash, email_confirmed_at)
         VALUES ($1, $2, $3, 'x', now()) RETURNING id`,
        [options.member.email, options.member.username, options.member.name],
      )
    ).rows[0].id;
  });

  afterAll(async () => {
    await setup.jobs?.close();
    connection?.disconnect();
    await setup.db?.end();
    await database?.drop();
  });

  const member = () => ({ id: setup.memberId }) as Parameters<AlertsService['create']>[1];
  return {
    setup,
    member,
    /** Saves an alert of the member's from its form's fields. */
    save: (input: Record<string, string>) => setup.alerts.create(alertInputSchema.parse(input), member()),
    /** The names /browse lists for these filters. */
    browse: async (query: Parameters<typeof toDirectoryFilters>[0]): Promise<string[]> =>
      (await setup.businesses.listPage(toDirectoryFilters(query), { limit: 50, forAdmin: false })).map((row) => row.name).sort(),
    /** Today's digest mail of the member's: each alert by id, and the names of the businesses it mailed. */
    mailedToday: async () => {
      const day = new Date().toISOString().slice(0, 10);
      const job = await setup.jobs.queues.emails.getJob(`alert-digest-${setup.memberId}-${day}`);
      const mailed = new Map((job?.data.alerts as AlertDigest[]).map((alert) => [alert.id, alert]));
      const names = (id: number) =>
        mailed
          .get(id)
          ?.businesses.map((business) => business.name)
          .sort();
      return { mailed, names };
    },
  };
}
