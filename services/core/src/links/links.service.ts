import { z } from 'zod';
import { MESSAGES, idSchema, type BrokenLink, type searchedQueueQuerySchema, type Valid } from '@zaytoon/contract';
import { keysetPage, type ListPage } from '../db/keyset-page';
import type { JobQueueRepository } from '../jobs/job-queue.repository';
import { BROKEN_LIST_ORDER, type BrokenLinkKey, type LinksRepository } from './links.repository';
import { SOURCE_LISTS, type SourceListName } from '../sources/sources.repository';

/** The weekly check of every link: Mondays at 03:00 UTC, whenever workers restart. */
export const LINK_CHECK_SCHEDULE = { id: 'check-all-source-links-weekly', pattern: '0 3 * * 1', tz: 'UTC' } as const;

const brokenLinkKey = z.tuple([
  z.enum(BROKEN_LIST_ORDER as [SourceListName, ...SourceListName[]], { error: MESSAGES.invalidCursor }),
  idSchema(MESSAGES.invalidCursor),
]) as z.ZodType<BrokenLinkKey>;

/** Sources read per page by the weekly sweep: memory stays bounded at any number of sources. */
const SWEEP_PAGE = 500;

/** Queues a check of each source's link (a check already waiting for a source absorbs a new one). */
export function queueLinkChecks(jobs: JobQueueRepository, sourceIds: readonly number[], list: SourceListName = 'business'): Promise<unknown> {
  return Promise.all(sourceIds.map((sourceId) => jobs.enqueue('checkSourceLink', { sourceId, list })));
}

/** Link checks of sources: what asks for them, and the admins' list of broken links. */
export class LinksService {
  constructor(
    private readonly links: LinksRepository,
    private readonly jobs: JobQueueRepository,
  ) {}

  /** Queues a check of every source with a URL; the number queued. */
  async requestAllChecks(): Promise<number> {
    let queued = 0;
    for (const list of SOURCE_LISTS) {
      for (let afterId = 0; ;) {
        const ids = await this.links.sourceIdsWithUrl(afterId, SWEEP_PAGE, list);
        if (ids.length === 0) break;
        await queueLinkChecks(this.jobs, ids, list);
        queued += ids.length;
        afterId = ids.at(-1)!;
      }
    }
    return queued;
  }

  /** One page of the broken links of businesses, brands and products, oldest first in each list, searched by business or brand name. */
  broken(query: Valid<typeof searchedQueueQuerySchema>): Promise<ListPage<BrokenLink>> {
    return keysetPage(query, {
      key: brokenLinkKey,
      read: (after, limit) => this.links.broken(after, limit, query.search),
      count: () => this.links.countBroken(query.search),
      keyOf: (link): BrokenLinkKey => [link.list, link.source_id],
    });
  }
}
