/** Reads one cookie from a Cookie header without another dependency. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() === name) {
      try {
        return decodeURIComponent(part.slice(separator + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Whether a Cookie header may carry the named cookie: a substring test, so a false "yes" only costs the
 * slow path, and a cookie that is there is never missed.
 */
export function mayHaveCookie(header: string | undefined, name: string): boolean {
  return !!header && header.includes(name + '=');
}
