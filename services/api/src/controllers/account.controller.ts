import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { LIMITS, type PlainMessageCode } from '@zaytoon/contract';
import { DomainError, badRequest, type Core } from '@zaytoon/core';
import type { RouteHandlers } from '../http/route-table';
import { languageOf } from '../http/request-language';
import { SESSION_COOKIE } from '../middleware/session';

/** Memory upload of one `file` part capped at `maxBytes`: an oversize file is seen as such and never fully buffered. */
export const singleFileUpload =
  (maxBytes: number, tooLarge: PlainMessageCode): RequestHandler =>
  (req, res, next) => {
    multer({ storage: multer.memoryStorage(), limits: { fileSize: maxBytes, files: 1, fields: 5 } }).single('file')(req, res, (error: unknown) => {
      if (!error) return next();
      if (error instanceof multer.MulterError) {
        if (error.code === 'LIMIT_FILE_SIZE') return next(new DomainError('too_large', tooLarge));
        return next(badRequest('fileRequired'));
      }
      next(badRequest('invalidRequest'));
    });
  };

export const pictureUpload = singleFileUpload(LIMITS.pictureMaxBytes, 'pictureTooLarge');

function endOwnSession(req: Request): Promise<void> {
  return new Promise((resolve) => req.logout(() => req.session.destroy(() => resolve())));
}

export function accountController(
  core: Core,
): Pick<RouteHandlers, 'forgotPassword' | 'resetPassword' | 'changePassword' | 'uploadProfilePicture' | 'deleteAccount' | 'setLanguage'> {
  const { account, pictures } = core.services;
  return {
    forgotPassword: ({ req, body }) => account.forgotPassword(body.email_or_username, languageOf(req)),
    resetPassword: ({ req, body }) => account.resetPassword(body, languageOf(req)),
    changePassword: async ({ req, body, user }) => {
      const answer = await account.changePassword(body, user, req.sessionID, languageOf(req));
      // The change started a new session generation; this session moves to it, keeping its login time.
      const { generation } = await core.services.auth.sessionClaim(user.id);
      req.session.claim = { generation, loggedInAt: req.session.claim?.loggedInAt ?? Date.now() };
      return answer;
    },
    uploadProfilePicture: ({ req, user }) => pictures.upload(req.file, user),
    setLanguage: ({ body, user }) => account.setLanguage(user, body),
    deleteAccount: async ({ req, res, user }) => {
      const answer = await account.deleteAccount(user, languageOf(req));
      await endOwnSession(req);
      res.clearCookie(SESSION_COOKIE, { path: '/' });
      return answer;
    },
  };
}
