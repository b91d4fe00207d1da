import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { directoryKeys } from '../../features/directory/api/keys';
import { useListMessages } from '../../i18n/list-messages';
import shared from '../../ui/page.module.css';

/**
 * The directory could not be read (network, server error): said apart from 'No businesses found', which means
 * the answer was empty, with a button that asks again.
 */
export function LoadFailed({ onRetry, retrying, compact = false }: { onRetry: () => void; retrying: boolean; compact?: boolean }) {
  const Heading = compact ? 'p' : 'h2';
  const t = useListMessages();
  return (
    <div className={compact ? undefined : `${shared.card} ${shared.empty}`} role="alert" data-testid="directory-load-failed">
      <Heading>{t('directory.loadFailed')}</Heading>
      {!compact && <p>{t('common.checkConnection')}</p>}
      <button type="button" className="btn btn--outline" onClick={onRetry} disabled={retrying}>
        {retrying ? t('common.loading') : t('common.tryAgain')}
      </button>
    </div>
  );
}

/** Try again: every failed read of the directory is asked again (a view's failure is rarely its only one). */
export function useRetryFailedDirectoryReads(): () => void {
  const queryClient = useQueryClient();
  return useCallback(
    () => void queryClient.refetchQueries({ queryKey: directoryKeys.all, predicate: (query) => query.state.status === 'error' }),
    [queryClient],
  );
}
