/**
 * Whether a Cookie header may carry the named cookie. Every visitor's read asks this before any session work,
 * so it is a substring test rather than a parse (cookie's `parse` reads the values): a false "yes" only costs
 * the slow path, and a cookie that is there is never missed.
 */
export function mayHaveCookie(header: string | undefined, name: string): boolean {
  return !!header && header.includes(name + '=');
}
