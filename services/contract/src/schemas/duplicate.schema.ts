import { z } from 'zod';
import { DUPLICATE_RULES, FIELD_LABELS, LIMITS } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { idSchema, isoDate, oneLineText, requiredText } from './common.schema';

/** What the member has typed so far on /add-business. */
export const duplicateCheckQuerySchema = z.object({
  name: oneLineText(requiredText(issueMessage('nameRequired'), LIMITS.shortFieldMaxLength, FIELD_LABELS.name), FIELD_LABELS.name),
  postcode: requiredText(issueMessage('postcodeRequired'), LIMITS.postcodeMaxLength, FIELD_LABELS.postcode),
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
  .array(idSchema(issueMessage('duplicateCandidatesInvalid')), { error: issueMessage('duplicateCandidatesInvalid') })
  .max(DUPLICATE_RULES.maxCandidates, issueMessage('duplicateCandidatesInvalid'));

const pairBusinessSchema = z.object({ id: z.number().int(), name: z.string(), address: z.string(), city: z.string(), postcode: z.string() });

/** A likely pair for the admins' 'Possible duplicates' tab: found by the nightly job, or added despite the warning. */
export const duplicatePairSchema = z.object({
  id: z.number().int(),
  first: pairBusinessSchema.describe('the older of the two (lower id)'),
  second: pairBusinessSchema,
  score: z.number().describe('pg_trgm similarity of the names, 0 to 1'),
  distance_m: z.number().int().nullable().describe('between their positions; null when either has none'),
  added_despite_warning: z.boolean().describe("a member added one while the form showed the other as 'This may already be listed'"),
  found_at: isoDate,
});
export type DuplicatePair = z.infer<typeof duplicatePairSchema>;

/** Merge B (`from`) into the business of the path (A, the survivor). */
export const mergeInputSchema = z.object({ from: idSchema(issueMessage('mergeFromRequired')).describe('B: the business that goes') });
export type MergeInput = z.input<typeof mergeInputSchema>;

export const mergeResultSchema = z.object({
  message: z.string(),
  into: z.number().int().describe('A, the survivor'),
  from: z.number().int().describe("B: gone; its page and API answer lead to A's"),
});
export type MergeResult = z.infer<typeof mergeResultSchema>;

/** The 404 of a business merged into another (GET /api/businesses/{id}): CONTRACT's error with where it went. */
export const mergedBusinessErrorSchema = z.object({
  detail: z.string(),
  merged_into: z.number().int().optional().describe('the business this one was merged into (the final survivor)'),
});
