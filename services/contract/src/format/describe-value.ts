/**
 * A source of proof of support as one line of text, e.g. 'Public statement, 2024-03-05: Statement on Gaza (https://…)'.
 * An 'Other' source is its description alone (and link), as the free text it usually came from was.
 */
export function sourceLine(source: { kind: string; date: string; description: string; url?: string | null }): string {
  const known = source.kind === 'Other' ? '' : `${source.kind}, ${source.date}: `;
  return `${known}${source.description}${source.url ? ` (${source.url})` : ''}`;
}

/** What clients that predate sources read as proof_of_support: the sources' lines, in the order given (newest first). */
export const sourcesText = (sources: readonly Parameters<typeof sourceLine>[0][]) => sources.map(sourceLine).join('\n');

function isSource(value: Record<string, unknown>): value is { kind: string; date: string; description: string; url?: string } {
  return typeof value.kind === 'string' && typeof value.date === 'string' && typeof value.description === 'string';
}

/** Suggested values for business_hours / social_media are JSON objects: show them as 'key: value'; a suggested source as its line. */
export function describeValue(text: string | null | undefined): string {
  if (!text) return '';
  if (text.trim().startsWith('{')) {
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      if (isSource(value)) return sourceLine(value);
      return Object.entries(value)
        .map(([key, entry]) => `${key}: ${String(entry)}`)
        .join(', ');
    } catch {
      return text;
    }
  }
  return text;
}
