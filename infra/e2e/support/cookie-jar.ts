import { parseSetCookie, type SetCookie } from 'cookie';

/**
 * The cookies one site set, by name, kept as a browser keeps them: each Set-Cookie of an answer replaces the
 * cookie of its name, and one set empty or already expired (how the API clears a cookie) is dropped.
 * Values stay as the server wrote them (URL-encoded), so they go back byte for byte.
 */
export class CookieJar extends Map<string, string> {
  /** Takes in the cookies an answer sets. */
  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const cookie = parseSetCookie(line, { decode: (value) => value });
      if (!cookie.name) continue;
      if (!cookie.value || isExpired(cookie)) this.delete(cookie.name);
      else this.set(cookie.name, cookie.value);
    }
  }

  /** The Cookie header a browser would send back. */
  header(): string {
    return [...this].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** A cookie's value decoded, as a page reads it to echo the XSRF token. */
  decoded(name: string): string {
    return decodeURIComponent(this.get(name) ?? '');
  }
}

/** `Max-Age=0` (or less), or an `Expires` date already past. */
function isExpired(cookie: SetCookie): boolean {
  if (cookie.maxAge !== undefined) return cookie.maxAge <= 0;
  return cookie.expires !== undefined && cookie.expires.getTime() <= Date.now();
}
