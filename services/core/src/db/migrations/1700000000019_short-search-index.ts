import type { MigrationBuilder } from 'node-pg-migrate';

// Issue #30 point 5: one- and two-character searches match the words of names by prefix (pg_trgm serves 3 characters
// or more), through this index instead of a scan of businesses. The expression is the repository's NAME_WORDS.
//
// Built CONCURRENTLY, outside a transaction, so businesses stays writable however big it is (the rule of
// docs/decisions.md and this folder's README). A build that failed halfway leaves an invalid index: it is dropped
// and built again on the next run, which only then records the migration.
export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  pgm.sql('DROP INDEX CONCURRENTLY IF EXISTS businesses_name_words_idx');
  pgm.sql(
    `CREATE INDEX CONCURRENTLY businesses_name_words_idx ON businesses USING gin (to_tsvector('simple', search_fold(name || ' ' || name_latin)))`,
  );
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  pgm.sql('DROP INDEX CONCURRENTLY IF EXISTS businesses_name_words_idx');
};
