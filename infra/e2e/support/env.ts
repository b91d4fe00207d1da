// Where the stack under test lives. `npm test` sets these; the defaults are its test ports.
export const e2e = {
  baseUrl: process.env.E2E_BASE_URL || 'http://localhost:8180',
  apiUrl: process.env.E2E_API_URL || 'http://localhost:3100',
  mailboxUrl: process.env.E2E_MAILBOX_URL || 'http://localhost:8026',
  databaseUrl: process.env.E2E_DATABASE_URL || '',
  redisUrl: process.env.E2E_REDIS_URL || '',
  adminLogin: process.env.E2E_ADMIN_LOGIN || 'admin',
  adminPassword: process.env.E2E_ADMIN_PASSWORD || process.env.SEED_ADMIN_PASSWORD || 'admin-dev-password',
  productName: process.env.PRODUCT_NAME || 'Zaytoon',
  chromium: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
};
