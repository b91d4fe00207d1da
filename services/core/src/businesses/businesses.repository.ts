import type { Queryable } from '../db/pool.js';

export class BusinessesRepository {
  constructor(private readonly db: Queryable) {}

  async listCategories(): Promise<string[]> {
    const { rows } = await this.db.query<{ category: string }>(
      "SELECT DISTINCT category FROM businesses WHERE category <> '' ORDER BY category",
    );
    return rows.map((row) => row.category);
  }

  async listCities(): Promise<string[]> {
    const { rows } = await this.db.query<{ city: string }>('SELECT DISTINCT city FROM businesses ORDER BY city');
    return rows.map((row) => row.city);
  }
}
