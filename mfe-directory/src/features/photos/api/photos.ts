import { useInfiniteQuery } from '@tanstack/react-query';
import { PHOTO_RULES, type Photo } from '@zaytoon/contract/client';
import { useHost } from '@zaytoon/web-kit';
import { businessKeys } from '../../business/api/keys';
import { useMemberAction } from '../../business/api/use-member-action';

/** Photos the gallery reads at a time ('Load more photos' reads the next ones). */
export const PHOTOS_PAGE = 12;

const photosKey = (businessId: number) => [...businessKeys.all(businessId), 'photos'] as const;

/** The business's listed photos read so far, newest first, with the total and the next page on demand. */
export function usePhotos(businessId: number) {
  const { api } = useHost();
  const query = useInfiniteQuery({
    queryKey: photosKey(businessId),
    queryFn: ({ pageParam, signal }) => api.callPage('listPhotos', { id: businessId, query: { limit: PHOTOS_PAGE, cursor: pageParam } }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  return {
    items: query.data?.pages.flatMap((page) => page.items) ?? [],
    total: query.data?.pages[0]?.total ?? 0,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

export interface PhotoUpload {
  file: File;
  altText: string;
}

/** Sends the file with its alt text and the licence the dialog shows; the photo is listed once the worker has made its sizes. */
export function useUploadPhoto(businessId: number) {
  const { api } = useHost();
  return useMemberAction({
    log: 'photo upload failed',
    send: ({ file, altText }: PhotoUpload) => {
      const form = new FormData();
      form.append('file', file);
      form.append('alt_text', altText);
      form.append('licence', PHOTO_RULES.licence);
      return api.call('uploadPhoto', { id: businessId, body: form });
    },
    success: (t) => t('photoUploaded'),
    loginFirst: 'loginToAddPhoto',
    failure: 'uploadPhotoFailed',
    stale: photosKey(businessId),
  });
}

/** The owner's or an admin's choice of cover: the gallery and the business's answers read again. */
export function useSetCoverPhoto(businessId: number) {
  const { api } = useHost();
  return useMemberAction({
    log: 'setting the cover failed',
    send: (photo: Photo) => api.call('setCoverPhoto', { id: photo.id }),
    success: (t) => t('coverPhotoSet'),
    loginFirst: 'loginToAddPhoto',
    failure: 'setCoverFailed',
    stale: businessKeys.all(businessId),
  });
}

/** A member's report of a photo, with its reason; the gallery reads again, as the photo may now be hidden. */
export function useReportPhoto(businessId: number) {
  const { api } = useHost();
  return useMemberAction({
    log: 'photo report failed',
    send: ({ photo, reason }: { photo: Photo; reason: string }) => api.call('reportPhoto', { id: photo.id, body: { reason } }),
    success: (t) => t('reportSubmitted'),
    loginFirst: 'loginToReport',
    failure: 'reportPhotoFailed',
    stale: businessKeys.all(businessId),
  });
}

export function useDeletePhoto(businessId: number) {
  const { api } = useHost();
  return useMemberAction({
    log: 'photo deletion failed',
    send: (photo: Photo) => api.call('deletePhoto', { id: photo.id }),
    success: (t) => t('photoDeleted'),
    loginFirst: 'loginToAddPhoto',
    failure: 'deletePhotoFailed',
    stale: photosKey(businessId),
  });
}
