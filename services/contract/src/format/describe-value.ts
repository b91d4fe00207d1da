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
