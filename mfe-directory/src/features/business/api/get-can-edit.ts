import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, CanEdit } from '@zaytoon/contract/client';
import { businessKeys } from './keys';

/** SPEC §8: edit state defaults to false (also for visitors, who are never asked about). */
export const CANNOT_EDIT: CanEdit = { can_edit: false, is_owner: false };

export function getCanEditQueryOptions(api: ApiClient, id: number, viewer: number | null) {
  return queryOptions({
    queryKey: businessKeys.canEdit(id, viewer),
    queryFn: () => api.call('canEdit', { id }),
  });
}
