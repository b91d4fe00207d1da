import { useInfiniteQuery } from '@tanstack/react-query';
import type { ApiClient, IssuePartnerKeyInput, PartnerKey } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useMessages } from '../../../i18n/messages';
import { useAdminDecision } from './admin-decision';
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

/** 'Issue key': the answer holds the key, which the tab shows this once. */
export function useIssuePartnerKey() {
  const { api } = useHost();
  return useAdminDecision({
    kind: 'issue-partner-key',
    send: (input: IssuePartnerKeyInput) => api.call('issuePartnerKey', { body: input }),
    failure: 'internalError',
  });
}

/** 'Revoke': the key answers 401 from now on. */
export function useRevokePartnerKey() {
  const { api } = useHost();
  const t = useMessages();
  return useAdminDecision({
    kind: 'revoke-partner-key',
    send: (key: PartnerKey) => api.call('revokePartnerKey', { id: key.id }),
    success: () => t('partners.revokedToast'),
    failure: 'internalError',
  });
}
