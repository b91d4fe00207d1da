import { DEV_ADMIN, seedDemoData } from './seed';
import { DEMO_MEMBER_PASSWORD } from './demo-data';

/**
 * `npm run seed -w @zaytoon/infra`: adds the dev admin and the demo data set (idempotent).
 * Env: DATABASE_URL (required), SEED_ADMIN_PASSWORD (default 'admin-dev-password').
 * Run migrations first (`npm run migrate -w @zaytoon/core`).
 */
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required');
  process.exit(1);
}
if (process.env.NODE_ENV === 'production') {
  console.error(
    'Refusing to seed demo data with NODE_ENV=production (no default admin exists in production; ' +
      'use `npm run admin -- promote <email-or-username>`).',
  );
  process.exit(1);
}
const adminPassword = process.env.SEED_ADMIN_PASSWORD || 'admin-dev-password';

try {
  const summary = await seedDemoData(databaseUrl, { adminPassword, log: (message) => console.log(`[seed] ${message}`) });
  if (summary.adminCreated) {
    console.log(`[seed] Dev admin: username "${DEV_ADMIN.username}" / email "${DEV_ADMIN.email}", password "${adminPassword}"`);
  } else {
    console.log(`[seed] Dev admin: username "${DEV_ADMIN.username}" / email "${DEV_ADMIN.email}" (already existed; password unchanged)`);
  }
  if (summary.demoDataCreated) {
    console.log(`[seed] Demo members sign in with their email or username and password "${DEMO_MEMBER_PASSWORD}"`);
  }
  console.log(`[seed] Done in ${summary.durationMs} ms`);
} catch (error) {
  console.error('[seed] failed:', error instanceof Error ? error.message : error);
  process.exit(1);
}
