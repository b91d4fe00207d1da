import type { DuplicatesRepository } from './duplicates.repository';

/** Every night at 02:30 UTC (a cron pattern: restarting workers never moves or repeats it). */
export const DUPLICATE_SEARCH_SCHEDULE = { id: 'find-duplicate-pairs-nightly', pattern: '30 2 * * *', tz: 'UTC' } as const;

/** Businesses the nightly search reads per query: memory and each query's work stay bounded at any size. */
const BATCH = 500;

/** The nightly search for likely pairs, by the same rule as the add form's check. */
export class DuplicateSearchService {
  constructor(private readonly duplicates: DuplicatesRepository) {}

  /**
   * Every business against its later neighbours, a batch at a time (keyset on the id); each batch's pairs are stored
   * before the next is read (open ones rescored, dismissed and merged ones left decided). Then open pairs whose
   * business is gone are removed.
   */
  async findAllPairs(): Promise<{ businesses: number; pairs: number; pruned: number }> {
    let [businesses, pairs] = [0, 0];
    for (let afterId = 0; ;) {
      const batch = await this.duplicates.findPairsAfter(afterId, BATCH);
      if (batch.lastId === null) break;
      await this.duplicates.upsertPairs(batch.pairs);
      businesses += batch.scanned;
      pairs += batch.pairs.length;
      afterId = batch.lastId;
    }
    return { businesses, pairs, pruned: await this.duplicates.pruneOpen() };
  }
}
