import { z } from 'zod';
import { DUPLICATE_RULES, FIELD_LABELS, LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { idSchema, requiredText } from './common.schema';

/** Issue #14 point 1: what the member has typed so far on /add-business. */
export const duplicateCheckQuerySchema = z.object({
  name: requiredText(MESSAGES.nameRequired, LIMITS.shortFieldMaxLength, FIELD_LABELS.name),
  postcode: requiredText(MESSAGES.postcodeRequired, LIMITS.postcodeMaxLength, FIELD_LABELS.postcode),
});

/** A listed business that may be the one being added: similar name, and near or in the same postcode. */
export const duplicateCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  postcode: z.string(),
  distance_m: z.number().int().nullable().describe("between the typed postcode's district centre and the business; null when either has no position"),
  same_postcode: z.boolean(),
});
export type DuplicateCandidate = z.infer<typeof duplicateCandidateSchema>;

/** The candidates the form showed when the member added the business anyway (they are recorded as likely pairs). */
export const duplicateCandidateIdsSchema = z
  .array(idSchema(MESSAGES.duplicateCandidatesInvalid), { error: MESSAGES.duplicateCandidatesInvalid })
  .max(DUPLICATE_RULES.maxCandidates, MESSAGES.duplicateCandidatesInvalid);
