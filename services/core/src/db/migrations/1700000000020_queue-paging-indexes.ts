import type { MigrationBuilder } from 'node-pg-migrate';

// Keyset pages newest first: a business's comments, and the admins' pending reports and
// suggestions, each read in (created_at DESC, id DESC) order from an index, whatever the page's depth.
// These tables grow with the directory: the indexes are built CONCURRENTLY, outside a transaction, so they stay
// writable (docs/decisions/0040-postgres.md, "Migrations on big tables work without a long lock"). A build that failed halfway
// leaves an invalid index, dropped and built again when the migration runs again.
const PAGE_INDEXES = [
  ['comments_business_page_idx', 'comments (business_id, created_at DESC, id DESC)'],
  ['reports_pending_page_idx', `reports (created_at DESC, id DESC) WHERE status = 'pending'`],
  ['suggestions_pending_page_idx', `suggestions (created_at DESC, id DESC) WHERE status = 'pending'`],
];

export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  for (const [name, definition] of PAGE_INDEXES) {
    pgm.sql(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
    pgm.sql(`CREATE INDEX CONCURRENTLY ${name} ON ${definition}`);
  }
  // The page index serves what this one did (a business's comments, newest first).
  pgm.sql('DROP INDEX CONCURRENTLY IF EXISTS comments_business_idx');
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.sql(`
DROP INDEX comments_business_page_idx, reports_pending_page_idx, suggestions_pending_page_idx;
CREATE INDEX comments_business_idx ON comments (business_id, created_at DESC);`);
};
