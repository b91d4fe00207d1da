import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import { OPEN_DATA_LICENCE, OPEN_DATA_MEDIA_TYPES, type OpenDataFormat } from '@zaytoon/contract';
import type { OpenDataService } from '@zaytoon/core';

const FILE_NAMES: Record<OpenDataFormat, string> = { csv: 'businesses.csv', geojson: 'businesses.geojson' };

/**
 * An open data file from storage: no database read. 304 to a matching If-None-Match or a
 * late enough If-Modified-Since; else the gzip bytes built with the file when the client accepts gzip, the plain
 * ones otherwise. The licence travels in a Link header (the CSV has no place for it but its header row).
 */
export async function sendOpenDataFile(req: Request, res: Response, openData: OpenDataService, format: OpenDataFormat): Promise<void> {
  const gzip = req.acceptsEncodings('gzip', 'identity') === 'gzip';
  const file = await openData.answer(format, gzip);
  res.setHeader('ETag', file.etag);
  res.setHeader('Last-Modified', new Date(file.builtAt).toUTCString());
  res.setHeader('Cache-Control', 'public, no-cache');
  res.setHeader('Link', `<${OPEN_DATA_LICENCE.url}>; rel="license"; title="${OPEN_DATA_LICENCE.name}"`);
  res.vary('Accept-Encoding');
  // Express's conditional GET: If-None-Match against the ETag, else If-Modified-Since against Last-Modified.
  if (req.fresh) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Type', OPEN_DATA_MEDIA_TYPES[format]);
  res.setHeader('Content-Disposition', `attachment; filename="${FILE_NAMES[format]}"`);
  if (file.length !== null) res.setHeader('Content-Length', String(file.length));
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  // A client that leaves mid-download ends the pipeline with an error there is no one left to answer.
  await pipeline(Readable.from(file.chunks()), res).catch(() => res.destroy());
}
