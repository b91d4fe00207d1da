import type { MigrationBuilder } from 'node-pg-migrate';

// Deleting a brand or a product type (docs/decisions/0059-alternatives-and-palestinian-products.md) rejects the members' pending
// 'Alternative to' suggestions of the brand and deletes the alerts that follow it: without these indexes each is a
// scan of a table that grows with the members. Partial, so only the rows they serve are indexed.
//
// Built CONCURRENTLY, outside a transaction, so the tables stay writable (docs/decisions/0040-postgres.md); a build
// that failed halfway leaves an invalid index, dropped and built again on the next run.
const INDEXES = [
  ['suggestions_pending_alternative_to_idx', "suggestions (suggested_value) WHERE status = 'pending' AND field_name = 'alternative_to'"],
  ['alerts_alternative_to_idx', 'alerts (alternative_to) WHERE alternative_to IS NOT NULL'],
  ['alerts_palestinian_product_idx', 'alerts (palestinian_product) WHERE palestinian_product IS NOT NULL'],
];

export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  for (const [name, definition] of INDEXES) {
    pgm.sql(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
    pgm.sql(`CREATE INDEX CONCURRENTLY ${name} ON ${definition}`);
  }
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  for (const [name] of INDEXES) pgm.sql(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`);
};
