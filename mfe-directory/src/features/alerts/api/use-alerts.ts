import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHost } from '@zaytoon/web-kit';
import { alertKeys, alertsQueryOptions } from './get-alerts';

export function useAlerts() {
  const { api } = useHost();
  return useQuery(alertsQueryOptions(api));
}

export function useDeleteAlert() {
  const { api } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call('deleteAlert', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.mine }),
  });
}

/** An alert mail's unsubscribe link: the mailed token ends the alert, no session needed. */
export function useUnsubscribeAlert() {
  const { api } = useHost();
  return useMutation({ mutationFn: (token: string) => api.call('unsubscribeAlert', { query: { token } }) });
}
