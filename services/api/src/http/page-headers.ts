import type { Request, Response } from 'express';
import { LIST_PAGE_HEADERS, type RouteName } from '@zaytoon/contract';
import type { RouteContext, RouteHandler } from './route-table';

/** The same request with another cursor: the `Link: <…>; rel="next"` target (relative, so it holds behind any proxy). */
export function nextPageUrl(req: Request, cursor: string, cursorParam = 'cursor'): string {
  const url = new URL(req.originalUrl, 'http://relative.invalid');
  url.searchParams.set(cursorParam, cursor);
  return url.pathname + url.search;
}

/** CONTRACT.md's list paging headers: the total of all matches, and the next page's link while one remains. */
export function setPageHeaders(req: Request, res: Response, page: { total: number; nextCursor: string | null }): void {
  res.setHeader(LIST_PAGE_HEADERS.totalCount, String(page.total));
  if (page.nextCursor) res.setHeader(LIST_PAGE_HEADERS.link, `<${nextPageUrl(req, page.nextCursor)}>; rel="next"`);
}

/** A paged list's handler: the page's items are the answer, its total and next page go in the headers. */
export const pagedAnswer =
  <Name extends RouteName>(
    readPage: (context: RouteContext<Name>) => Promise<{ body: unknown; total: number; nextCursor: string | null }>,
  ): RouteHandler<Name> =>
  async (context) => {
    const page = await readPage(context);
    setPageHeaders(context.req, context.res, page);
    return page.body;
  };
