import type { VoteSummary, VoteType } from '@zaytoon/contract';
import type { Queryable } from '../db/pool';

export class VotesRepository {
  constructor(private readonly db: Queryable) {}

  /** A named (prepared once per connection) statement: read on every vote and every vote-box load. */
  async summary(businessId: number, userId: number | null): Promise<VoteSummary | null> {
    const { rows } = await this.db.query<VoteSummary>({
      name: 'votes-summary',
      text: `SELECT b.vote_score, b.upvotes, b.downvotes,
                    (SELECT v.vote_type FROM votes v WHERE v.business_id = b.id AND v.user_id = $2) AS user_vote
               FROM businesses b WHERE b.id = $1`,
      values: [businessId, userId],
    });
    return rows[0] ?? null;
  }

  /** Serialises one user's votes on one business, so concurrent requests apply one after another. */
  async lockUserBusiness(userId: number, businessId: number): Promise<void> {
    await this.db.query('SELECT pg_advisory_xact_lock($1, $2)', [userId, businessId]);
  }

  async current(businessId: number, userId: number): Promise<VoteType | null> {
    const { rows } = await this.db.query<{ vote_type: VoteType }>('SELECT vote_type FROM votes WHERE business_id = $1 AND user_id = $2', [
      businessId,
      userId,
    ]);
    return rows[0]?.vote_type ?? null;
  }

  async insert(businessId: number, userId: number, voteType: VoteType): Promise<void> {
    await this.db.query('INSERT INTO votes (business_id, user_id, vote_type) VALUES ($1, $2, $3)', [businessId, userId, voteType]);
  }

  async change(businessId: number, userId: number, voteType: VoteType): Promise<void> {
    await this.db.query('UPDATE votes SET vote_type = $3, created_at = now() WHERE business_id = $1 AND user_id = $2', [
      businessId,
      userId,
      voteType,
    ]);
  }

  async remove(businessId: number, userId: number): Promise<void> {
    await this.db.query('DELETE FROM votes WHERE business_id = $1 AND user_id = $2', [businessId, userId]);
  }
}
