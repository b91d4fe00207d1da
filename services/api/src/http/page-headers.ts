import type { Request, Response } from 'express';
import { LIST_PAGE_HEADERS } from '@zaytoon/contract';

/** The same request with another cursor: the `Link: <…>; rel="next"` target (relative, so it holds behind any proxy). */
function nextPageUrl(req: Request, cursor: string): string {
  const url = new URL(req.originalUrl, 'http://relative.invalid');
  url.searchParams.set('cursor', cursor);
  return url.pathname + url.search;
}

/** CONTRACT.md's list paging headers: the total of all matches, and the next page's link while one remains. */
export function setPageHeaders(req: Request, res: Response, page: { total: number; nextCursor: string | null }): void {
  res.setHeader(LIST_PAGE_HEADERS.totalCount, String(page.total));
  if (page.nextCursor) res.setHeader(LIST_PAGE_HEADERS.link, `<${nextPageUrl(req, page.nextCursor)}>; rel="next"`);
}
