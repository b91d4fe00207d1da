import { MESSAGES, PHOTO_RULES } from '@zaytoon/contract';
import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { pagedAnswer } from '../http/page-headers';
import { singleFileUpload } from './account.controller';

export const photoUpload = singleFileUpload(PHOTO_RULES.maxBytes, 'photoTooLarge');

/** Members' photos of a business: the gallery's pages, uploads, deletion. */
export function photosController(core: Core): Pick<RouteHandlers, 'listPhotos' | 'uploadPhoto' | 'deletePhoto' | 'setCoverPhoto'> {
  const { photos } = core.services;
  return {
    listPhotos: pagedAnswer(({ id, query }) => photos.list(id, query)),
    uploadPhoto: ({ req, id, body, user }) => photos.upload(id, req.file, body, user),
    deletePhoto: async ({ id, user }) => {
      await photos.delete(id, user);
      return { message: MESSAGES.photoDeleted };
    },
    setCoverPhoto: async ({ id, user }) => {
      await photos.makeCover(id, user);
      return { message: MESSAGES.coverPhotoSet };
    },
  };
}
