type SourceParts = { kind: string; date: string; description: string; url?: string | null };

/**
 * How a written-out value puts its parts in words. English's are SPEC's, byte for byte, and what the server stores;
 * a page gives its language's (the contract's catalog and Intl).
 */
export interface ValueWords {
  /** A source kind's label; undefined for text that is not one of the kinds. */
  sourceKind(kind: string): string | undefined;
  /** A source of a known kind: 'Public statement, 2024-03-05: Statement on Gaza (https://…)'. */
  sourceLine(parts: { kind: string; date: string; text: string }): string;
  /** One key of an object value: 'monday: 9-5'. */
  valueEntry(parts: { key: string; value: string }): string;
  list(entries: string[]): string;
  /** A special hours entry closed on its dates. */
  closed: string;
}

export const ENGLISH_VALUE_WORDS: ValueWords = {
  // English needs no reading back: its stored lines are already its own words.
  sourceKind: () => undefined,
  sourceLine: ({ kind, date, text }) => `${kind}, ${date}: ${text}`,
  valueEntry: ({ key, value }) => `${key}: ${value}`,
  list: (entries) => entries.join(', '),
  closed: 'Closed',
};

interface SpecialHoursParts {
  label: string;
  first_date: string;
  last_date: string;
  closed: boolean;
  opens?: string | null;
  closes?: string | null;
}

const isSpecialHoursEntry = (value: unknown): value is SpecialHoursParts =>
  !!value &&
  typeof value === 'object' &&
  typeof (value as SpecialHoursParts).label === 'string' &&
  typeof (value as SpecialHoursParts).first_date === 'string';

/** Special hours: 'Eid al-Fitr: 2027-03-10, Closed', 'Ramadan: 2027-02-08 – 2027-03-09, 18:00 – 02:00'. */
function specialHoursLine(entry: SpecialHoursParts, words: ValueWords): string {
  const dates = entry.first_date === entry.last_date ? entry.first_date : `${entry.first_date} – ${entry.last_date}`;
  const hours = entry.closed ? words.closed : `${entry.opens} – ${entry.closes}`;
  return words.valueEntry({ key: entry.label, value: `${dates}, ${hours}` });
}

/**
 * A source of proof of support as one line of text, e.g. 'Public statement, 2024-03-05: Statement on Gaza (https://…)'.
 * An 'Other' source is its description alone (and link), as the free text it usually came from was.
 */
export function sourceLine(source: SourceParts, words = ENGLISH_VALUE_WORDS): string {
  const text = `${source.description}${source.url ? ` (${source.url})` : ''}`;
  if (source.kind === 'Other') return text;
  return words.sourceLine({ kind: words.sourceKind(source.kind) ?? source.kind, date: source.date, text });
}

/** What clients that predate sources read as proof_of_support: the sources' lines, in the order given (newest first). */
export const sourcesText = (sources: readonly SourceParts[]) => sources.map((source) => sourceLine(source)).join('\n');

function isSource(value: Record<string, unknown>): value is { kind: string; date: string; description: string; url?: string } {
  return typeof value.kind === 'string' && typeof value.date === 'string' && typeof value.description === 'string';
}

const STORED_SOURCE_LINE = /^(.+?), (\d{4}-\d{2}-\d{2}): (.*)$/;

/** A text of stored source lines (proof_of_support) in `words`: each line of a known kind written again, any other kept. */
export function describeText(text: string, words = ENGLISH_VALUE_WORDS): string {
  return text
    .split('\n')
    .map((line) => {
      const [, kind, date, rest] = STORED_SOURCE_LINE.exec(line) ?? [];
      const label = kind === undefined ? undefined : words.sourceKind(kind);
      return label === undefined ? line : words.sourceLine({ kind: label, date, text: rest });
    })
    .join('\n');
}

/** Suggested values for business_hours / social_media are JSON objects: show them as 'key: value'; a suggested source as its line; special hours as their entries. */
export function describeValue(text: string | null | undefined, words = ENGLISH_VALUE_WORDS): string {
  if (!text) return '';
  if (text.trim().startsWith('[')) {
    try {
      const entries = JSON.parse(text) as unknown[];
      if (Array.isArray(entries) && entries.every(isSpecialHoursEntry)) return words.list(entries.map((entry) => specialHoursLine(entry, words)));
    } catch {
      return text;
    }
  }
  if (text.trim().startsWith('{')) {
    try {
      const value = JSON.parse(text) as Record<string, unknown>;
      if (isSource(value)) return sourceLine(value, words);
      return words.list(Object.entries(value).map(([key, entry]) => words.valueEntry({ key, value: String(entry) })));
    } catch {
      return text;
    }
  }
  return describeText(text, words);
}
