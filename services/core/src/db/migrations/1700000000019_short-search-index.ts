import type { MigrationBuilder } from 'node-pg-migrate';

// One- and two-character searches match the start of the folded name (pg_trgm serves 3 characters
// or more) as a range of this index, instead of a scan of businesses. It also holds what the page, the total, the
// summary and the map's tiles (map_key, migration 018) read of a match, so they read it alone (index-only). The expression is the repository's
// FOLDED_NAME; text_pattern_ops orders it byte by byte, whatever the database's collation.
//
// Built CONCURRENTLY, outside a transaction, so businesses stays writable however big it is (the rule of
// docs/decisions/0040-postgres.md). A build that failed halfway leaves an invalid index: it is dropped and built again on the next
// run, which only then records the migration.
export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  pgm.sql('DROP INDEX CONCURRENTLY IF EXISTS businesses_name_prefix_idx');
  pgm.sql(
    `CREATE INDEX CONCURRENTLY businesses_name_prefix_idx ON businesses (search_fold(name) text_pattern_ops)
       INCLUDE (id, name, city, latitude, longitude, map_key)`,
  );
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  pgm.sql('DROP INDEX CONCURRENTLY IF EXISTS businesses_name_prefix_idx');
};
