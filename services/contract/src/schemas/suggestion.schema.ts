import { z } from 'zod';
import { INPUT_LABELS, LIMITS, SUGGESTABLE_FIELDS } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { boundedText, inputText, isoDate } from './common.schema';
import { searchedQueueQuerySchema } from './report.schema';

export const suggestionTypeSchema = z.enum(['add_missing', 'edit_existing']);

export const suggestionSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string().nullable(),
  field_name: z.enum(SUGGESTABLE_FIELDS),
  suggested_value: z.string(),
  current_value: z.string(),
  reason: z.string(),
  suggestion_type: suggestionTypeSchema,
  suggester_username: z.string().nullable(),
  created_at: isoDate,
});
export type Suggestion = z.infer<typeof suggestionSchema>;

export const suggestionInputSchema = z.object({
  field_name: z.enum(SUGGESTABLE_FIELDS, { error: issueMessage('suggestionFieldInvalid') }),
  suggested_value: inputText({ error: issueMessage('suggestionValueRequired') })
    .trim()
    .min(1, issueMessage('suggestionValueRequired'))
    .max(LIMITS.textFieldMaxLength, issueMessage('textTooLong', { field: INPUT_LABELS.suggestedValue, max: LIMITS.textFieldMaxLength })),
  reason: boundedText(LIMITS.textFieldMaxLength, INPUT_LABELS.reason).optional().default(''),
});
export type SuggestionInput = z.input<typeof suggestionInputSchema>;

/** The pending suggestions queue's page, searched by business name and filtered by the field suggested. */
export const pendingSuggestionsQuerySchema = searchedQueueQuerySchema.extend({
  field: z
    .enum(SUGGESTABLE_FIELDS, { error: issueMessage('suggestionFieldFilterInvalid') })
    .optional()
    .describe('only suggestions for this field'),
});
