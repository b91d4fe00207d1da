/** Cut text to `max` characters and add '...' when it was longer (SPEC §2: 80 in popups, 120 in lists). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** Vote score with a plus sign when positive. */
export function formatScore(score: number | null | undefined): string {
  const value = score ?? 0;
  return value > 0 ? `+${value}` : String(value);
}

export function businessCount(count: number): string {
  return count === 1 ? '1 business' : `${count} businesses`;
}

/** en-GB date, e.g. 05/03/2024. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB');
}

export function isHttpUrl(value: string | null | undefined): value is string {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
