import type { ReportInput, SuggestionInput } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { businessKeys } from './keys';
import { useMemberAction } from './use-member-action';

/** 'Suggest Edit': the page's 'Pending Suggestions' is read again after it. */
export function useAddSuggestion(businessId: number) {
  const { api } = useHost();
  return useMemberAction({
    log: 'suggestion failed',
    send: (input: SuggestionInput) => api.call('addSuggestion', { id: businessId, body: input }),
    success: (t) => t('suggestionSubmitted'),
    loginFirst: 'loginToSuggest',
    failure: 'suggestionFailed',
    stale: businessKeys.suggestions(businessId),
  });
}

/** 'Report Business': an admin's page reads the business again (its report count and latest reports). */
export function useCreateReport(businessId: number) {
  const { api } = useHost();
  const viewer = useSession((state) => state.user?.id ?? null);
  return useMemberAction({
    log: 'report failed',
    send: (input: Omit<ReportInput, 'business_id'>) => api.call('addReport', { body: { business_id: businessId, ...input } }),
    success: (t) => t('reportSubmitted'),
    loginFirst: 'loginToReport',
    failure: 'reportFailed',
    stale: businessKeys.detail(businessId, viewer),
  });
}
