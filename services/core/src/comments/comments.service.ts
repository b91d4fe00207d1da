import { type commentInputSchema, type Comment, type pageQuerySchema, type User, type Valid } from '@zaytoon/contract';
import type { BusinessesRepository } from '../businesses/businesses.repository';
import { newestFirstPage, type ListPage } from '../db/keyset-page';
import { forbidden, notFound } from '../errors/domain-error';
import { inTransaction, type Database } from '../db/pool';
import type { BurstProtection } from '../protection/burst-protection';
import { CommentsRepository } from './comments.repository';

export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly businesses: BusinessesRepository,
    private readonly db: Database,
    private readonly protection: BurstProtection,
  ) {}

  /** One page of the business's comments, newest first. */
  async list(businessId: number, query: Valid<typeof pageQuerySchema>): Promise<ListPage<Comment>> {
    await this.requireBusiness(businessId);
    return newestFirstPage(
      query,
      (after, limit) => this.comments.pageForBusiness(businessId, after, limit),
      () => this.comments.countForBusiness(businessId),
    );
  }

  async add(businessId: number, { comment_text: text }: Valid<typeof commentInputSchema>, author: User): Promise<Comment> {
    await this.requireBusiness(businessId);
    return inTransaction(this.db, async (client) => {
      await this.protection.refuseWhilePaused(client, businessId, author.id);
      return new CommentsRepository(client).insert(businessId, author.id, text);
    });
  }

  /** The author or an admin may delete. */
  async delete(commentId: number, actor: User): Promise<void> {
    const comment = await this.comments.findAuthor(commentId);
    if (!comment) throw notFound('commentNotFound');
    if (comment.user_id !== actor.id && !actor.is_admin) throw forbidden('notAllowedToDeleteComment');
    await this.comments.delete(commentId);
  }

  private async requireBusiness(businessId: number): Promise<void> {
    if (!(await this.businesses.findOwner(businessId))) throw notFound('businessNotFound');
  }
}
