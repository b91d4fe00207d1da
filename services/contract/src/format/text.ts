/** Cuts text to `max` characters and adds '...' when it was longer (SPEC §2: 80 in popups, 120 in lists). */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  return value.length > max ? `${value.slice(0, max)}...` : value;
}

/** '+3', '0', '-2': SPEC shows a plus sign for positive scores. */
export function formatScore(score: number | null | undefined): string {
  const value = score ?? 0;
  return value > 0 ? `+${value}` : String(value);
}

/** 'N business' or 'N businesses'. */
export function businessCount(count: number): string {
  return count === 1 ? '1 business' : `${count} businesses`;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'address, city postcode' (SPEC §2 detail header). */
export function addressLine(business: { address?: string; city?: string; postcode?: string }): string {
  const place = [business.city, business.postcode].filter(Boolean).join(' ');
  return [business.address, place].filter(Boolean).join(', ');
}
