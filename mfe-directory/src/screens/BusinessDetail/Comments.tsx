import { useState, type FormEvent } from 'react';
import { errorMessage, LIMITS, MESSAGES, type Comment } from '@zaytoon/client';
import { useHost, useSession } from '../../host';
import { formatDate } from '../../lib/format';

/** Comments: live 'n/1000 characters' counter, own comments (or any, for admins) can be deleted. */
export function Comments({
  businessId,
  comments,
  onChange,
}: {
  businessId: number;
  comments: Comment[];
  onChange: () => Promise<void> | void;
}) {
  const { api, toast } = useHost();
  const user = useSession((state) => state.user);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  const post = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast.error(MESSAGES.loginToComment);
      return;
    }
    const trimmed = text.trim();
    if (trimmed.length < LIMITS.commentMinLength) {
      toast.error(MESSAGES.commentTooShort);
      return;
    }
    setBusy(true);
    try {
      await api.addComment(businessId, trimmed);
      setText('');
      toast.success(MESSAGES.commentAdded);
      await onChange();
    } catch (error) {
      console.error('comment failed', error);
      toast.error(errorMessage(error, MESSAGES.addCommentFailed));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (comment: Comment) => {
    if (!window.confirm(MESSAGES.confirmDeleteComment)) return;
    try {
      await api.deleteComment(comment.id);
      toast.success(MESSAGES.commentDeleted);
      await onChange();
    } catch (error) {
      console.error('delete comment failed', error);
      toast.error(errorMessage(error, MESSAGES.deleteCommentFailed));
    }
  };

  return (
    <section className="zd-card" aria-labelledby="zd-comments-title" data-testid="comments">
      <h2 id="zd-comments-title" className="zd-section-title">
        Comments ({comments.length})
      </h2>
      <form className="zd-form zd-comments__form" onSubmit={post}>
        <div className="zd-field">
          <label htmlFor="zd-comment-text">Add a comment</label>
          <textarea
            id="zd-comment-text"
            value={text}
            maxLength={LIMITS.commentMaxLength}
            placeholder="Share your experience with this business..."
            aria-describedby="zd-comment-counter"
            onChange={(event) => setText(event.target.value)}
          />
          <p className="zd-hint" id="zd-comment-counter" data-testid="comment-counter">
            {text.length}/{LIMITS.commentMaxLength} characters
          </p>
        </div>
        <div className="zd-actions">
          <button type="submit" className="zd-btn zd-btn--primary" disabled={busy || text.trim().length === 0}>
            {busy ? 'Posting...' : 'Post Comment'}
          </button>
        </div>
      </form>
      {comments.length === 0 ? (
        <p className="zd-hint">No comments yet.</p>
      ) : (
        <ul className="zd-comments">
          {comments.map((comment) => (
            <li key={comment.id} className="zd-comment" data-testid="comment">
              <div className="zd-comment__head">
                <span className="zd-avatar" aria-hidden="true">
                  {comment.user_picture ? (
                    <img src={comment.user_picture} alt="" width="32" height="32" />
                  ) : (
                    (comment.username || '?').charAt(0).toUpperCase()
                  )}
                </span>
                <strong>{comment.username || 'Anonymous'}</strong>
                <span className="zd-hint">{formatDate(comment.created_at)}</span>
                {user && (user.is_admin || user.id === comment.user_id) && (
                  <button
                    type="button"
                    className="zd-link-button zd-comment__delete"
                    onClick={() => remove(comment)}
                    aria-label={`Delete comment by ${comment.username || 'Anonymous'}`}
                  >
                    Delete
                  </button>
                )}
              </div>
              <p className="zd-comment__text">{comment.comment_text}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
