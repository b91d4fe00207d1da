/** The id of a /business/{id} or /edit-business/{id} path, or null when it is no whole number (no request is made). */
export function parseBusinessId(param: string | undefined): number | null {
  return param && /^\d+$/.test(param) ? Number(param) : null;
}
