import { useId, useState, type FormEvent } from 'react';
import { formatDate, LIMITS, type Comment } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { isPendingComment, useAddComment, useDeleteComment } from '../../features/business/api/use-comments';
import { useLocale, useMessages } from '../../i18n/messages';
import { CharacterCount } from '../../ui/Field';
import { MoreButton } from '../../ui/MoreButton';
import classes from './Comments.module.css';
import fieldStyles from '../../ui/Field.module.css';
import forms from '../../ui/forms.module.css';
import shared from '../../ui/page.module.css';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';

/** The comments read so far (newest first), how many there are in all, and the next page on demand. */
export interface CommentList {
  items: Comment[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * Comments: live 'n/1000 characters' counter, own comments (or any, for admins) can be deleted.
 * A posted comment shows at once and a deleted one goes at once; a refusal undoes it. The first page shows,
 * 'Load more comments' adds the next.
 */
export function Comments({ businessId, comments: list }: { businessId: number; comments: CommentList }) {
  const comments = list.items;
  const ids = useId();
  const t = useMessages();
  const message = useContractMessages();
  const locale = useLocale();
  const { toast } = useHost();
  const user = useSession((state) => state.user);
  const [text, setText] = useState('');
  const adding = useAddComment(businessId);
  const deleting = useDeleteComment(businessId);
  const busy = adding.isPending;

  const post = (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast.error(message('loginToComment'));
      return;
    }
    const trimmed = text.trim();
    if (trimmed.length < LIMITS.commentMinLength) {
      toast.error(message('commentTooShort'));
      return;
    }
    setText('');
    // A refused comment comes back into the box, unless something new was typed meanwhile.
    adding.mutate(trimmed, { onError: () => setText((typed) => typed || trimmed) });
  };

  const remove = (comment: Comment) => {
    if (!window.confirm(message('confirmDeleteComment'))) return;
    deleting.mutate(comment);
  };

  return (
    <section className={shared.card} aria-labelledby={`${ids}title`} data-testid="comments">
      <h2 id={`${ids}title`} className={forms.sectionTitle}>
        {t('comments.title', { n: list.total })}
      </h2>
      <form className={forms.form} onSubmit={post}>
        <div className={fieldStyles.field}>
          <label htmlFor={`${ids}text`}>{t('comments.add')}</label>
          <textarea
            id={`${ids}text`}
            value={text}
            maxLength={LIMITS.commentMaxLength}
            placeholder={t('comments.placeholder')}
            aria-describedby={`${ids}counter`}
            onChange={(event) => setText(event.target.value)}
          />
          <CharacterCount id={`${ids}counter`} testId="comment-counter" length={text.length} max={LIMITS.commentMaxLength} />
        </div>
        <div className={forms.actions}>
          <button type="submit" className="btn btn--primary" disabled={busy || text.trim().length === 0}>
            {busy ? t('comments.posting') : t('comments.post')}
          </button>
        </div>
      </form>
      {comments.length === 0 ? (
        <p className={shared.hint}>{t('comments.none')}</p>
      ) : (
        <ul className={classes.comments}>
          {comments.map((comment) => (
            <li key={comment.id} className={classes.comment} data-testid="comment" aria-busy={isPendingComment(comment) || undefined}>
              <div className={classes.head}>
                <span className={forms.avatar} aria-hidden="true">
                  {comment.user_picture ? (
                    <img src={comment.user_picture} alt="" width="32" height="32" />
                  ) : (
                    (comment.username || '?').charAt(0).toUpperCase()
                  )}
                </span>
                <strong dir="auto">{comment.username || t('comments.anonymous')}</strong>
                <span className={shared.hint}>{formatDate(comment.created_at, locale)}</span>
                {user && (user.is_admin || user.id === comment.user_id) && !isPendingComment(comment) && (
                  <button
                    type="button"
                    className={`${forms.linkButton} ${classes.delete}`}
                    onClick={() => remove(comment)}
                    aria-label={t('comments.deleteLabel', { name: comment.username || t('comments.anonymous') })}
                  >
                    {t('comments.delete')}
                  </button>
                )}
              </div>
              <p className={classes.text} dir="auto">
                {comment.comment_text}
              </p>
            </li>
          ))}
        </ul>
      )}
      {list.hasMore && (
        <MoreButton loading={list.loadingMore} onMore={list.loadMore} testId="more-comments">
          {t('comments.loadMore')}
        </MoreButton>
      )}
    </section>
  );
}
