import type { MigrationBuilder } from 'node-pg-migrate';

// The admins' queues are searched by a part of a business's name, folded as the directory folds it (search_fold,
// migration 013). The re-checks queue spans the directory (every business never verified), so its search needs an
// index on the folded name that serves a match anywhere in it: pg_trgm's GIN serves LIKE '%…%' from 3 characters.
//
// Built CONCURRENTLY, outside a transaction, so businesses stays writable however big it is (docs/decisions/0040-postgres.md).
// A build that failed halfway leaves an invalid index: it is dropped and built again on the next run.
export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  pgm.sql('DROP INDEX CONCURRENTLY IF EXISTS businesses_folded_name_trgm_idx');
  pgm.sql('CREATE INDEX CONCURRENTLY businesses_folded_name_trgm_idx ON businesses USING gin (search_fold(name) gin_trgm_ops)');
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  pgm.sql('DROP INDEX CONCURRENTLY IF EXISTS businesses_folded_name_trgm_idx');
};
