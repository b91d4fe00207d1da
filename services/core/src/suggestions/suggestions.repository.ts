import type { Suggestion } from '@zaytoon/contract';
import { nameHoldsSql, nameSearchParam } from '../db/name-search';
import { newestFirst, type NewestFirstKey } from '../db/keyset-page';
import type { Queryable } from '../db/pool';

const SUGGESTION_COLUMNS = `s.id, s.business_id, b.name AS business_name, s.field_name, s.suggested_value, s.current_value,
  s.reason, s.suggestion_type, u.username AS suggester_username,
  to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
// Suggestions of a business whose removal was approved are gone with it, even before the cascade job runs.
const WITH_NAMES = 'LEFT JOIN businesses b ON b.id = s.business_id LEFT JOIN users u ON u.id = s.user_id';
const FROM_PENDING = `FROM suggestions s ${WITH_NAMES}
  WHERE s.status = 'pending'
    AND NOT EXISTS (SELECT 1 FROM reports removed WHERE removed.business_id = s.business_id AND removed.status = 'approved')`;

/** What an admin narrows the pending suggestions to: a part of the business's name (any case), the field suggested. */
export interface PendingSuggestionsFilter {
  search?: string;
  field?: string;
}

// $1 a part of the business's name, $2 a field; null matches all.
const MATCHING = `${nameHoldsSql('b', '$1')} AND ($2::text IS NULL OR s.field_name = $2)`;
const filterParams = ({ search, field }: PendingSuggestionsFilter): [string | null, string | null] => [nameSearchParam(search), field ?? null];

export interface NewSuggestion {
  businessId: number;
  userId: number;
  fieldName: string;
  suggestedValue: string;
  currentValue: string;
  reason: string;
  suggestionType: 'add_missing' | 'edit_existing';
}

export class SuggestionsRepository {
  constructor(private readonly db: Queryable) {}

  async listPendingForBusiness(businessId: number): Promise<Suggestion[]> {
    const { rows } = await this.db.query<Suggestion>(
      `SELECT ${SUGGESTION_COLUMNS} ${FROM_PENDING} AND s.business_id = $1 ORDER BY s.created_at DESC, s.id DESC`,
      [businessId],
    );
    return rows;
  }

  /** Pending suggestions newest first, after the suggestion of key `after` when given. */
  async pendingPage(
    after: NewestFirstKey | undefined,
    limit: number,
    filter: PendingSuggestionsFilter = {},
  ): Promise<(Suggestion & { sort_key: string })[]> {
    const { rows } = await this.db.query<Suggestion & { sort_key: string }>(
      `SELECT ${SUGGESTION_COLUMNS}, ${newestFirst.exactTimeSql('s.created_at')} AS sort_key ${FROM_PENDING}
          AND ${MATCHING} AND ${newestFirst.afterSql('s.created_at', 's.id', 3)}
        ${newestFirst.orderSql('s.created_at', 's.id')} LIMIT $5`,
      [...filterParams(filter), ...newestFirst.params(after), limit],
    );
    return rows;
  }

  async countPending(filter: PendingSuggestionsFilter = {}): Promise<number> {
    const { rows } = await this.db.query<{ count: number }>(`SELECT count(*)::int AS count ${FROM_PENDING} AND ${MATCHING}`, filterParams(filter));
    return rows[0].count;
  }

  async insert(suggestion: NewSuggestion): Promise<Suggestion> {
    // One statement: a second query after the insert could fail (pool timeout) and answer 503 for a stored row.
    const { rows } = await this.db.query<Suggestion>(
      `WITH s AS (
         INSERT INTO suggestions (business_id, user_id, field_name, suggested_value, current_value, reason, suggestion_type)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *
       )
       SELECT ${SUGGESTION_COLUMNS} FROM s ${WITH_NAMES}`,
      [
        suggestion.businessId,
        suggestion.userId,
        suggestion.fieldName,
        suggestion.suggestedValue,
        suggestion.currentValue,
        suggestion.reason,
        suggestion.suggestionType,
      ],
    );
    return rows[0];
  }

  /** Locks the row for the review transaction. */
  async findForReview(
    id: number,
  ): Promise<{ id: number; business_id: number; user_id: number | null; field_name: string; suggested_value: string; status: string } | null> {
    const { rows } = await this.db.query(
      'SELECT id, business_id, user_id, field_name, suggested_value, status FROM suggestions WHERE id = $1 FOR UPDATE',
      [id],
    );
    return rows[0] ?? null;
  }

  /** Rejects the pending 'Alternative to' suggestions of a brand being deleted (their partial index: migration 044); answers how many. */
  async rejectPendingAlternativeTo(brandSlug: string, reviewerId: number): Promise<number> {
    const { rowCount } = await this.db.query(
      `UPDATE suggestions SET status = 'rejected', reviewed_by = $2, reviewed_at = now()
        WHERE field_name = 'alternative_to' AND suggested_value = $1 AND status = 'pending'`,
      [brandSlug, reviewerId],
    );
    return rowCount ?? 0;
  }

  async markReviewed(id: number, status: 'approved' | 'rejected', reviewerId: number): Promise<void> {
    await this.db.query('UPDATE suggestions SET status = $2, reviewed_by = $3, reviewed_at = now() WHERE id = $1', [id, status, reviewerId]);
  }
}
