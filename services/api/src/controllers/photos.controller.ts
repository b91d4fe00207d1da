import { MESSAGES, PHOTO_RULES } from '@zaytoon/contract';
import type { Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { pagedAnswer } from '../http/page-headers';
import { singleFileUpload } from './account.controller';

export const photoUpload = singleFileUpload(PHOTO_RULES.maxBytes, 'photoTooLarge');

/** Members' photos of a business: the gallery's pages, uploads, deletion. */
export function photosController(
  core: Core,
): Pick<RouteHandlers, 'listPhotos' | 'uploadPhoto' | 'deletePhoto' | 'setCoverPhoto' | 'reportPhoto' | 'adminPhotos' | 'removePhoto' | 'keepPhoto'> {
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
    reportPhoto: async ({ id, body, user }) => {
      await photos.report(id, body, user);
      return { message: MESSAGES.reportSubmitted };
    },
    adminPhotos: pagedAnswer(({ query }) => photos.adminList(query)),
    removePhoto: async ({ id, user }) => {
      await photos.remove(id, user);
      return { message: MESSAGES.photoRemoved };
    },
    keepPhoto: async ({ id, user }) => {
      await photos.keep(id, user);
      return { message: MESSAGES.photoKept };
    },
  };
}
