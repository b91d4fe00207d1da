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

const SOCIAL_SITES = {
  facebook: 'https://facebook.com/',
  twitter: 'https://twitter.com/',
  instagram: 'https://instagram.com/',
} as const;

/** SPEC §2: facebook values without http get the site prefix; twitter and instagram lose '@' first. */
export function socialUrl(network: keyof typeof SOCIAL_SITES, value: string): string {
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const handle = network === 'facebook' ? trimmed : trimmed.replace(/^@+/, '');
  return SOCIAL_SITES[network] + handle;
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** 'address, city postcode' (SPEC §2 detail header). */
export function addressLine(business: { address?: string; city?: string; postcode?: string }): string {
  const place = [business.city, business.postcode].filter(Boolean).join(' ');
  return [business.address, place].filter(Boolean).join(', ');
}
