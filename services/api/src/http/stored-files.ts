import { pipeline } from 'node:stream/promises';
import express, { type RequestHandler } from 'express';
import { InvalidStorageKeyError, type StorageRepository } from '@zaytoon/core';

/**
 * Serves `<folder>/<rest of the path>` from the storage repository (a bucket: its objects are private, and the
 * API stays the one origin the pages and the front door's caching know). Anything not stored is a 404.
 */
export function storedFiles(storage: StorageRepository, folder: string, cacheControl: string): RequestHandler {
  const router = express.Router();
  router.get(/.*/, async (req, res, next) => {
    let body;
    try {
      body = await storage.read(`${folder}${req.path}`);
    } catch (error) {
      if (error instanceof InvalidStorageKeyError) return next();
      return next(error);
    }
    if (!body) return next();
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Cache-Control', cacheControl);
    try {
      await pipeline(body, res);
    } catch (error) {
      // The client left, or the store failed half-way: the answer cannot change any more.
      req.log.warn({ err: error }, 'stored file cut short');
    }
  });
  return router;
}
