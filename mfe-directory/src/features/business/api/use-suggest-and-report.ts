import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportInput, SuggestionInput } from '@zaytoon/contract/client';
import { useHost, useSession } from '@zaytoon/web-kit';
import { useContractMessages } from '@zaytoon/web-kit/contract-messages';
import { businessKeys } from './keys';
import { useMemberActionMessage } from './memberActionMessage';

/** 'Suggest Edit': the page's 'Pending Suggestions' is read again after it. */
export function useAddSuggestion(businessId: number) {
  const { api, toast } = useHost();
  const t = useContractMessages();
  const memberActionMessage = useMemberActionMessage();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SuggestionInput) => api.call('addSuggestion', { id: businessId, body: input }),
    onSuccess: () => {
      toast.success(t('suggestionSubmitted'));
      void queryClient.invalidateQueries({ queryKey: businessKeys.suggestions(businessId) });
    },
    onError: (error) => {
      console.error('suggestion failed', error);
      toast.error(memberActionMessage(error, 'loginToSuggest', 'suggestionFailed'));
    },
  });
}

/** 'Report Business': an admin's page reads the business again (its report count and latest reports). */
export function useCreateReport(businessId: number) {
  const { api, toast } = useHost();
  const t = useContractMessages();
  const memberActionMessage = useMemberActionMessage();
  const queryClient = useQueryClient();
  const viewer = useSession((state) => state.user?.id ?? null);
  return useMutation({
    mutationFn: (input: Omit<ReportInput, 'business_id'>) => api.call('addReport', { body: { business_id: businessId, ...input } }),
    onSuccess: () => {
      toast.success(t('reportSubmitted'));
      void queryClient.invalidateQueries({ queryKey: businessKeys.detail(businessId, viewer) });
    },
    onError: (error) => {
      console.error('report failed', error);
      toast.error(memberActionMessage(error, 'loginToReport', 'reportFailed'));
    },
  });
}
