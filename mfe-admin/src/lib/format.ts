/** en-GB date, e.g. 05/03/2024. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-GB');
}

/** Suggested values for business_hours / social_media are JSON objects: show them as 'key: value'. */
export function describeValue(text: string | null | undefined): string {
  if (!text) return '';
  if (text.trim().startsWith('{')) {
    try {
      return Object.entries(JSON.parse(text) as Record<string, unknown>)
        .map(([key, value]) => `${key}: ${String(value)}`)
        .join(', ');
    } catch {
      return text;
    }
  }
  return text;
}

export function addressLine(business: { address?: string; city?: string; postcode?: string }): string {
  const place = [business.city, business.postcode].filter(Boolean).join(' ');
  return [business.address, place].filter(Boolean).join(', ');
}
