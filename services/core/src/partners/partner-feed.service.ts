import { z } from 'zod';
import { MAX_ID, PARTNER_FEED, type BusinessChange, type ChangesPage, type ChangesQuery, type FeedBusiness } from '@zaytoon/contract';
import type { BusinessesRepository } from '../businesses/businesses.repository';
import { toBusiness } from '../businesses/business.mapper';
import { decodeOpaqueCursor, encodeOpaqueCursor } from '../db/opaque-cursor';
import type { BusinessChangesRepository, FeedPosition } from './business-changes.repository';

/** A transaction id as Postgres's xid8 reads it: a 64-bit unsigned integer, so a larger one never reaches SQL. */
const xid8Text = z
  .string()
  .regex(/^\d{1,20}$/)
  .refine((text) => BigInt(text) < 2n ** 64n);
const positionSchema = z.tuple([xid8Text, z.number().int().min(0).max(MAX_ID)]) as z.ZodType<FeedPosition>;

/** The feed's first position: before every change. */
const START: FeedPosition = ['0', 0];

/** What the feed leaves out of a public business: members' votes and report data, as the open data does. */
function toFeedBusiness(business: ReturnType<typeof toBusiness>): FeedBusiness {
  const {
    vote_score: _score,
    upvotes: _up,
    downvotes: _down,
    distance_miles: _miles,
    report_count: _reports,
    latest_reports: _latest,
    ...fields
  } = business;
  return fields;
}

/**
 * Change-only sync for partner apps (docs/decisions/0060-partner-feed.md): each business once, at its latest change,
 * as it is now, or a tombstone once it is no longer listed. A page costs one index range of business_changes and one
 * read of its businesses by id, whatever the table's size.
 */
export class PartnerFeedService {
  constructor(
    private readonly changes: BusinessChangesRepository,
    private readonly businesses: BusinessesRepository,
  ) {}

  async page(query: ChangesQuery): Promise<ChangesPage> {
    const limit = query.limit ?? PARTNER_FEED.maxLimit;
    const after = query.since ? decodeOpaqueCursor(query.since, positionSchema) : undefined;
    const rows = await this.changes.after(after, limit + 1);
    const page = rows.slice(0, limit);
    const listed = new Map((await this.businesses.listPublicByIds(page.map((row) => row.business_id))).map((row) => [row.id, row]));
    const changes = page.map((row): BusinessChange => {
      const business = listed.get(row.business_id);
      const changed_at = row.changed_at.toISOString();
      return business
        ? { id: row.business_id, changed_at, deleted: false, business: toFeedBusiness(toBusiness(business, false)) }
        : { id: row.business_id, changed_at, deleted: true };
    });
    const last = page.at(-1);
    const position: FeedPosition = last ? [last.change_xid, last.business_id] : (after ?? START);
    return { changes, next_cursor: encodeOpaqueCursor(position), has_more: rows.length > limit };
  }
}
