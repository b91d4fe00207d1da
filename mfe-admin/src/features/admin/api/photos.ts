import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPhoto, ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useContractMessages, useErrorText } from '@zaytoon/web-kit/contract-messages';
import { queueQueryOptions, type QueueReadOptions, type QueueSearch } from './admin-list';
import { adminKeys } from './keys';

/**
 * GET /api/admin/photos: recent uploads, listed and hidden, newest first, with their reports and uploader's record;
 * searched by business name.
 */
export function getAdminPhotosQueryOptions(api: ApiClient, filter: QueueSearch = {}) {
  return queueQueryOptions({
    base: adminKeys.photos(),
    filter,
    failure: 'loadPhotosFailed',
    readPage: (query) => api.callPage('adminPhotos', { query }),
  });
}

export function useAdminPhotos(filter: QueueSearch = {}, options: QueueReadOptions = {}) {
  const { api } = useHost();
  return useInfiniteQuery({ ...getAdminPhotosQueryOptions(api, filter), ...options });
}

export type PhotoDecision = 'remove' | 'keep';

/** 'Remove' (the files go) or 'Keep' (a hidden photo is listed again); the lists are read again once it settles. */
export function usePhotoDecision() {
  const { api, toast } = useHost();
  const message = useContractMessages();
  const errorText = useErrorText();
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminKeys.decision('photo'),
    mutationFn: ({ photo, decision }: { photo: AdminPhoto; decision: PhotoDecision }) =>
      api.call(decision === 'remove' ? 'removePhoto' : 'keepPhoto', { id: photo.id }),
    onSuccess: (_answer, { decision }) => toast.success(message(decision === 'remove' ? 'photoRemoved' : 'photoKept')),
    onError: (error) => {
      console.error('photo decision failed', error);
      toast.error(errorText(error, 'reviewPhotoFailed'));
    },
    onSettled: () => {
      if (client.isMutating({ mutationKey: adminKeys.decisions }) > 1) return;
      void client.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}
