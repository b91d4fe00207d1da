/**
 * The header the service worker adds to a directory answer it gave from its cache because the network failed: the
 * page then says it shows saved results.
 */
export const SAVED_ANSWER_HEADER = 'X-Zaytoon-Saved-Answer';

/** The names of a Cache-Control header's directives, lower-cased (`private="Set-Cookie"` names `private`). */
function cacheDirectives(cacheControl: string | null): Set<string> {
  return new Set(
    (cacheControl ?? '')
      .split(',')
      .map((directive) => directive.split('=')[0].trim().toLowerCase())
      .filter(Boolean),
  );
}

/**
 * An answer the service worker may keep: a 200 its server marked `public`, so the same for every
 * visitor. Never one marked `private` or `no-store` (a member's or an admin's), nor one that says nothing.
 */
export function isSharedAnswer(response: Pick<Response, 'status' | 'headers'>): boolean {
  const directives = cacheDirectives(response.headers.get('Cache-Control'));
  return response.status === 200 && directives.has('public') && !directives.has('private') && !directives.has('no-store');
}
