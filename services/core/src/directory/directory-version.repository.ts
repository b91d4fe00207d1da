import type { Queryable } from '../db/pool';

/** The version of what the directory publishes: moved on by every write to it (migration 021's triggers). */
export class DirectoryVersionRepository {
  constructor(private readonly db: Queryable) {}

  async current(): Promise<string> {
    const { rows } = await this.db.query<{ version: string }>('SELECT last_value::text AS version FROM directory_version');
    return rows[0].version;
  }
}
