import { useState } from 'react';
import { formatDate, type Revision } from '@zaytoon/contract/client';
import { useSession } from '@zaytoon/web-kit';
import { useHistory } from '../../features/history/api/get-history';
import { useRevert } from '../../features/history/api/use-revert';
import { useLocale, useMessages } from '../../i18n/messages';
import { InlineSpinner } from '../../ui/Spinner';
import { MoreButton } from '../../ui/MoreButton';
import { RedactDialog } from './RedactDialog';
import classes from './History.module.css';
import comments from './Comments.module.css';
import shared from '../../ui/page.module.css';
import { useContractLabels, useContractMessages, useDescribeValue } from '@zaytoon/web-kit/contract-messages';

type Change = Revision['changes'][number];
type Value = Change['before'];

/** A field's value as text in the page's language: sources' lines, hours and social links as 'key: value', nothing as a dash. */
function useShownValue() {
  const describe = useDescribeValue();
  return (value: Value): string => {
    if (value === null || value === '') return '—';
    return (typeof value === 'string' ? describe.text(value) : describe.value(JSON.stringify(value))) || '—';
  };
}

/** Who made a revision: a member by name (theirs, as written), else the role in the page's language. */
function Author({ author }: { author: NonNullable<Revision['author']> }) {
  const t = useMessages();
  const message = useContractMessages();
  return (
    <span data-testid="revision-author" data-author={author.kind}>
      {t('history.by')}{' '}
      {author.kind === 'member' ? (
        <strong dir="auto">{author.username}</strong>
      ) : (
        <strong>{message(author.kind === 'admin' ? 'revisionByAdmin' : 'revisionByFormerMember')}</strong>
      )}
    </span>
  );
}

/** One side of a change: its value, or that an admin removed it from the history. */
function Side({ change, side }: { change: Change; side: 'before' | 'after' }) {
  const t = useMessages();
  const shown = useShownValue();
  if (change.removed?.includes(side)) return <em data-testid="value-removed">{t('history.valueRemoved')}</em>;
  return <>{shown(change[side])}</>;
}

/** The revisions, newest first, each with its field changes; admins may revert to any of them, or redact one. */
export function HistoryList({ businessId }: { businessId: number }) {
  const history = useHistory(businessId);
  const isAdmin = useSession((state) => state.user?.is_admin ?? false);
  const revert = useRevert(businessId);
  const t = useMessages();
  const message = useContractMessages();
  const label = useContractLabels();
  const locale = useLocale();
  const [redacting, setRedacting] = useState<number | null>(null);

  if (history.isPending) return <InlineSpinner />;
  if (history.isError) {
    return (
      <p role="alert" className={shared.hint}>
        {message('loadHistoryFailed')}
      </p>
    );
  }
  const revisions = history.data.pages.flatMap((page) => page.items);
  if (revisions.length === 0) return <p className={shared.hint}>{message('noRevisions')}</p>;

  return (
    <>
      <ol className={comments.comments} data-testid="revisions">
        {revisions.map((revision) => (
          <li key={revision.id} className={comments.comment} data-testid="revision" data-kind={revision.kind}>
            <p className={comments.head}>
              <span className={shared.badge}>{label('revisionKind', revision.kind)}</span>
              {revision.author && <Author author={revision.author} />}
              <time className={shared.hint} dateTime={revision.created_at}>
                {formatDate(revision.created_at, locale)}
              </time>
            </p>
            {revision.redaction ? (
              <p className={classes.removed} data-testid="revision-redacted" dir="auto">
                {t('history.removed', { reason: revision.redaction.reason })}
              </p>
            ) : (
              <ul className={classes.changes}>
                {revision.changes.map((change) => (
                  <li key={change.field} data-testid="revision-change" data-field={change.field}>
                    <span className={classes.field}>{label('field', change.field)}</span>{' '}
                    <del className={classes.before} dir="auto">
                      <Side change={change} side="before" />
                    </del>{' '}
                    <span className={shared.flip}>→</span>{' '}
                    <ins className={classes.after} dir="auto">
                      <Side change={change} side="after" />
                    </ins>
                  </li>
                ))}
              </ul>
            )}
            {isAdmin && !revision.redaction && (
              <div className={classes.actions}>
                <button
                  type="button"
                  className="btn btn--outline"
                  disabled={revert.isPending}
                  onClick={() => window.confirm(message('confirmRevert')) && revert.mutate(revision.id)}
                >
                  {t('history.revert')}
                </button>
                <button type="button" className="btn btn--outline" onClick={() => setRedacting(revision.id)}>
                  {t('history.redact')}
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {redacting !== null && <RedactDialog businessId={businessId} revisionId={redacting} onClose={() => setRedacting(null)} />}
      {history.hasNextPage && (
        <MoreButton loading={history.isFetchingNextPage} onMore={() => void history.fetchNextPage()}>
          {t('common.loadMore')}
        </MoreButton>
      )}
    </>
  );
}
