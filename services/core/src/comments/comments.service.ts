import { MESSAGES, commentInputSchema, type Comment, type User } from '@zaytoon/contract';
import type { BusinessesRepository } from '../businesses/businesses.repository.js';
import { forbidden, notFound } from '../errors/domain-error.js';
import { parseInput } from '../errors/validate.js';
import type { CommentsRepository } from './comments.repository.js';

export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly businesses: BusinessesRepository,
  ) {}

  async list(businessId: number): Promise<Comment[]> {
    await this.requireBusiness(businessId);
    return this.comments.listForBusiness(businessId);
  }

  async add(businessId: number, input: unknown, author: User): Promise<Comment> {
    const { comment_text: text } = parseInput(commentInputSchema, input);
    await this.requireBusiness(businessId);
    return this.comments.insert(businessId, author.id, text);
  }

  /** The author or an admin may delete. */
  async delete(commentId: number, actor: User): Promise<void> {
    const comment = Number.isNaN(commentId) ? null : await this.comments.findAuthor(commentId);
    if (!comment) throw notFound(MESSAGES.commentNotFound);
    if (comment.user_id !== actor.id && !actor.is_admin) throw forbidden(MESSAGES.notAllowedToDeleteComment);
    await this.comments.delete(commentId);
  }

  private async requireBusiness(businessId: number): Promise<void> {
    if (Number.isNaN(businessId) || !(await this.businesses.findOwner(businessId))) throw notFound(MESSAGES.businessNotFound);
  }
}
