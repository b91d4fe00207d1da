import { SOCIAL_NETWORKS, WEEKDAYS, type Business, type SuggestableField } from '@zaytoon/contract/client';
import { sourceInputOf, type SourceDraft } from '../../features/business/sources/sourceDraft';

export const JSON_FIELDS: ReadonlySet<SuggestableField> = new Set(['business_hours', 'social_media']);

/** The business's current value of a field, as text. */
export function currentValue(business: Business, field: SuggestableField): string {
  if (field === 'alternative_to') return (business.alternatives ?? []).map((brand) => brand.name).join(', ');
  const value = business[field];
  if (field === 'special_hours') {
    return (business.special_hours ?? [])
      .map((entry) => `${entry.label} (${entry.first_date === entry.last_date ? entry.first_date : `${entry.first_date} – ${entry.last_date}`})`)
      .join(', ');
  }
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([, text]) => typeof text === 'string' && text)
      .map(([key, text]) => `${key}: ${text}`)
      .join(', ');
  }
  return typeof value === 'string' ? value : '';
}

/** The object fields are sent as JSON text holding only the filled entries. */
export function encodeObjectValue(field: 'business_hours' | 'social_media', entries: Record<string, string>): string {
  const keys: readonly string[] = field === 'business_hours' ? WEEKDAYS : SOCIAL_NETWORKS;
  const filled = Object.fromEntries(keys.map((key) => [key, entries[key]?.trim() ?? '']).filter(([, text]) => text));
  return Object.keys(filled).length ? JSON.stringify(filled) : '';
}

/** A source is suggested as its JSON (suggested_value stays text); nothing until its kind and description are there. */
export function encodeSourceValue(source: SourceDraft): string {
  const { id: _id, ...input } = sourceInputOf(source);
  return input.kind && input.description ? JSON.stringify(input) : '';
}
