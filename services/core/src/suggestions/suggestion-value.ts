import { z } from 'zod';
import { coded, businessInputSchema, slugSchema, sourceInputSchema, specialHoursSchema, type SuggestableField } from '@zaytoon/contract';
import { badRequest } from '../errors/domain-error';
import { parseInput } from '../errors/validate';
import { sourceFromText } from '../sources/sources.service';

const JSON_FIELDS = new Set<SuggestableField>(['business_hours', 'social_media', 'special_hours']);

/** The business's current value as text, as a suggestion shows it (JSON for the object fields). */
export function currentValueText(field: SuggestableField, value: unknown): string {
  if (JSON_FIELDS.has(field)) {
    return value && typeof value === 'object' && Object.keys(value).length ? JSON.stringify(value) : '';
  }
  return typeof value === 'string' ? value : '';
}

/** A suggested source is its JSON ({kind, url, description, date}); an old client's text becomes an 'Other' source. */
function parseSuggestedSource(text: string) {
  let suggested: unknown;
  try {
    suggested = JSON.parse(text);
  } catch {
    return sourceFromText(text, 'suggested_value');
  }
  if (!suggested || typeof suggested !== 'object' || Array.isArray(suggested)) return sourceFromText(text, 'suggested_value');
  return parseInput(z.object({ suggested_value: sourceInputSchema.omit({ id: true }) }), { suggested_value: suggested }).suggested_value;
}

/**
 * Checks a suggested value with the business form's own schema for that field (its limits and messages) and
 * returns what would be written. Field errors are the suggestion's: `suggested_value` (`suggested_value.monday`).
 */
export function parseSuggestedValue(field: SuggestableField, text: string): unknown {
  if (field === 'proof_of_support') return parseSuggestedSource(text);
  // 'Alternative to <brand>': the brand's slug; whether it names a brand is the suggestions service's to say.
  if (field === 'alternative_to') return parseInput(z.object({ suggested_value: slugSchema }), { suggested_value: text }).suggested_value;
  let suggested: unknown = text;
  if (JSON_FIELDS.has(field)) {
    try {
      suggested = JSON.parse(text);
    } catch {
      suggested = undefined;
      if (field !== 'special_hours') {
        const notAnObject = coded('mustBeJsonObject', { field });
        throw badRequest(notAnObject, { suggested_value: notAnObject });
      }
    }
  }
  // Special hours are a list; text that is not one says so, rather than how a list's schema failed.
  if (field === 'special_hours' && !Array.isArray(suggested)) {
    const notAList = coded('mustBeJsonList', { field });
    throw badRequest(notAList, { suggested_value: notAList });
  }
  // Special hours are not a field of the business form: they have their own schema (and their own call).
  const schema = field === 'special_hours' ? specialHoursSchema : businessInputSchema.shape[field];
  const { suggested_value: value } = parseInput(z.object({ suggested_value: schema }), { suggested_value: suggested });
  if (JSON_FIELDS.has(field) && !Object.keys(value ?? {}).length) throw badRequest('suggestionValueRequired');
  return value;
}
