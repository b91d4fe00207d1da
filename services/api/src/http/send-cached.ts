import type { Request, Response } from 'express';
import type { CachedAnswer } from '@zaytoon/core';

/** Sends a cached JSON answer, gzipped when the client accepts it (browsers do). */
export function sendCachedAnswer(req: Request, res: Response, answer: CachedAnswer): void {
  res.type('application/json');
  res.vary('Accept-Encoding');
  if (req.acceptsEncodings('gzip', 'identity') === 'gzip') {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(answer.gzip);
    return;
  }
  res.send(answer.json);
}
