import { queryOptions } from '@tanstack/react-query';
import type { ApiClient, Comment } from '@zaytoon/contract/client';
import { businessKeys } from './keys';

/** A business's comments, newest first (the API's order). */
export function getCommentsQueryOptions(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: businessKeys.comments(id),
    queryFn: async (): Promise<Comment[]> => {
      const list = await api.listComments(id);
      return Array.isArray(list) ? list : [];
    },
  });
}
