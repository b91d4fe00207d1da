/**
 * The cookies one site set, by name, kept as a browser keeps them: each Set-Cookie of an answer replaces the
 * cookie of its name, and one set empty or already expired (how the API clears a cookie) is dropped.
 * Values stay as the server wrote them (URL-encoded), so they go back byte for byte.
 */
export class CookieJar extends Map<string, string> {
  /** Takes in the cookies an answer sets. */
  keep(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals < 1) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      if (value === '' || attributes.some(isExpiry)) this.delete(name);
      else this.set(name, value);
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
function isExpiry(attribute: string): boolean {
  const equals = attribute.indexOf('=');
  const key = attribute.slice(0, equals).trim().toLowerCase();
  const value = attribute.slice(equals + 1).trim();
  if (key === 'max-age') return Number(value) <= 0;
  if (key === 'expires') return Date.parse(value) <= Date.now();
  return false;
}
