import type { MigrationBuilder } from 'node-pg-migrate';

// 'Near me' (docs/decisions/0054-near-me.md): the list near a point walks this index nearest first (KNN), so a page
// costs the same however many businesses there are. The expression is the repository's NEAR_POINT_SQL: longitude
// scaled by cos 54 degrees, so that east and north weigh about alike across Great Britain. Built CONCURRENTLY, outside
// a transaction, so the table stays writable (docs/decisions/0040-postgres.md); a build that failed halfway leaves an
// invalid index, dropped and built again when the migration runs again.
export const up = (pgm: MigrationBuilder): void => {
  pgm.noTransaction();
  pgm.sql('DROP INDEX CONCURRENTLY IF EXISTS businesses_near_point');
  pgm.sql('CREATE INDEX CONCURRENTLY businesses_near_point ON businesses USING gist (point(longitude * 0.5878::float8, latitude))');
};

export const down = (pgm: MigrationBuilder): void => {
  pgm.sql('DROP INDEX businesses_near_point');
};
