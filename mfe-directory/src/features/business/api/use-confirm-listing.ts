import { useMutation } from '@tanstack/react-query';
import { useHost } from '@zaytoon/web-kit';

/** The owner's one-click 'Everything is still accurate' from a freshness reminder: the mailed token, no session. */
export function useConfirmListing() {
  const { api } = useHost();
  return useMutation({
    mutationFn: (token: string) => api.call('confirmListing', { body: { token } }),
  });
}
