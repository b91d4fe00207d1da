import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient, IssuePartnerKeyInput, PartnerKey } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useErrorText } from '@zaytoon/web-kit/contract-messages';
import { useMessages } from '../../../i18n/messages';
import { ADMIN_QUEUE_PAGE, adminListQueryOptions } from './admin-list';
import { adminKeys } from './keys';

/** GET /api/admin/partners: partners' API keys in the order they were issued, with their calls. */
export function getPartnerKeysQueryOptions(api: ApiClient) {
  return adminListQueryOptions({
    queryKey: adminKeys.partnerKeys(),
    failure: 'internalError',
    readPage: (cursor) => api.callPage('partnerKeys', { query: { limit: ADMIN_QUEUE_PAGE, cursor } }),
  });
}

export function usePartnerKeys() {
  const { api } = useHost();
  return useInfiniteQuery(getPartnerKeysQueryOptions(api));
}

/** The lists are read again once no other decision is in flight. */
function useSettle() {
  const client = useQueryClient();
  return () => {
    if (client.isMutating({ mutationKey: adminKeys.decisions }) > 1) return;
    void client.invalidateQueries({ queryKey: adminKeys.all });
  };
}

/** 'Issue key': the answer holds the key, which the tab shows this once. */
export function useIssuePartnerKey() {
  const { api, toast } = useHost();
  const errorText = useErrorText();
  const settle = useSettle();
  return useMutation({
    mutationKey: adminKeys.decision('issue-partner-key'),
    mutationFn: (input: IssuePartnerKeyInput) => api.call('issuePartnerKey', { body: input }),
    onError: (error) => {
      console.error('issue partner key failed', error);
      toast.error(errorText(error, 'internalError'));
    },
    onSettled: settle,
  });
}

/** 'Revoke': the key answers 401 from now on. */
export function useRevokePartnerKey() {
  const { api, toast } = useHost();
  const t = useMessages();
  const errorText = useErrorText();
  const settle = useSettle();
  return useMutation({
    mutationKey: adminKeys.decision('revoke-partner-key'),
    mutationFn: (key: PartnerKey) => api.call('revokePartnerKey', { id: key.id }),
    onSuccess: () => toast.success(t('partners.revokedToast')),
    onError: (error) => {
      console.error('revoke partner key failed', error);
      toast.error(errorText(error, 'internalError'));
    },
    onSettled: settle,
  });
}
