import type { Business } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { afterBusinessDeleted } from '../adminState';
import { useDecision } from './decisions';

/** DELETE /api/admin/businesses/{id}: the business goes with its reports and suggestions. */
export function useDeleteBusiness() {
  const { api } = useHost();
  return useDecision<Business>({
    kind: 'delete-business',
    send: (business) => api.call('deleteBusiness', { id: business.id }),
    change: (state, business) => afterBusinessDeleted(state, business),
    removes: (business) => business.id,
    success: (business, message) => message('businessDeleted', { name: business.name }),
    failure: 'deleteBusinessFailed',
    log: 'delete business failed',
  });
}
