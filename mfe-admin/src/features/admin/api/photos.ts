import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminPhoto, ApiClient } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { useAdminDecision } from './admin-decision';
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
  const { api } = useHost();
  return useAdminDecision({
    kind: 'photo',
    send: ({ photo, decision }: { photo: AdminPhoto; decision: PhotoDecision }) =>
      api.call(decision === 'remove' ? 'removePhoto' : 'keepPhoto', { id: photo.id }),
    success: ({ decision }, message) => message(decision === 'remove' ? 'photoRemoved' : 'photoKept'),
    failure: 'reviewPhotoFailed',
  });
}
