import {
  MESSAGES,
  businessHoursSchema,
  httpUrlOrEmpty,
  socialMediaSchema,
  type SuggestableField,
} from '@zaytoon/contract';
import { badRequest } from '../errors/domain-error.js';
import { parseInput } from '../errors/validate.js';

const JSON_FIELDS = new Set<SuggestableField>(['business_hours', 'social_media']);

/** The business's current value as text, as a suggestion shows it (JSON for the object fields). */
export function currentValueText(field: SuggestableField, value: unknown): string {
  if (JSON_FIELDS.has(field)) {
    return value && typeof value === 'object' && Object.keys(value).length ? JSON.stringify(value) : '';
  }
  return typeof value === 'string' ? value : '';
}

/** Checks a suggested value with the same rules as the business form and returns what would be written. */
export function parseSuggestedValue(field: SuggestableField, text: string): unknown {
  if (field === 'website') return parseInput(httpUrlOrEmpty, text);
  if (!JSON_FIELDS.has(field)) return text;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(`${field} must be a JSON object`, { suggested_value: `${field} must be a JSON object` });
  }
  const value = parseInput(field === 'business_hours' ? businessHoursSchema : socialMediaSchema, parsed);
  if (!Object.keys(value as object).length) throw badRequest(MESSAGES.suggestionValueRequired);
  return value;
}
