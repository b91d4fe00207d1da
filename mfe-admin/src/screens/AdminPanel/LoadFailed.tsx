import type { PlainMessageCode } from '@zaytoon/contract/client';
import { useErrorText } from '@zaytoon/web-kit/contract-messages';
import { useMessages } from '../../i18n/messages';
import card from './card.module.css';

/** What LoadFailed reads of a TanStack query that could not be read. */
export interface FailedQuery {
  error: unknown;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

/**
 * A list that could not be read (network, server error): said apart from its empty state, which means the answer was
 * empty, with the server's words or `failure`'s, and a button that asks again.
 */
export function LoadFailed({ query, failure }: { query: FailedQuery; failure: PlainMessageCode }) {
  const t = useMessages();
  const errorText = useErrorText();
  return (
    <div className={`${card.card} ${card.empty}`} role="alert" data-testid="load-failed">
      <p>{errorText(query.error, failure)}</p>
      <button type="button" className="btn btn--outline" disabled={query.isFetching} onClick={() => void query.refetch()}>
        {query.isFetching ? t('panel.loading') : t('panel.tryAgain')}
      </button>
    </div>
  );
}
