import { z } from 'zod';
import { CONFIRMATION_ANSWERS, INPUT_LABELS, LIMITS, RECHECK_REASONS, VERIFICATION_METHODS } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { boundedText, isHttpUrl, isoDate, isoDay, optionalText, pastIsoDay } from './common.schema';
import { searchedQueueQuerySchema } from './report.schema';

/** Where a business's verification stands: 'due' once the latest is older than TRUST_RULES.verificationValidMonths. */
export const verificationStatusSchema = z.enum(['current', 'due', 'never']);
export type VerificationStatus = z.infer<typeof verificationStatusSchema>;

export const verificationSchema = z.object({
  status: verificationStatusSchema,
  method: z.enum(VERIFICATION_METHODS).nullable().describe('of the standing verification; null when never verified or marked unverified'),
  date: isoDay.nullable(),
  due_date: isoDay.nullable().describe('when it falls due: date + 12 months'),
});
export type Verification = z.infer<typeof verificationSchema>;

export const verifyInputSchema = z.object({
  method: z.enum(VERIFICATION_METHODS, { error: issueMessage('verificationMethodRequired') }),
  note: optionalText(LIMITS.verificationNoteMaxLength, INPUT_LABELS.note),
  evidence_url: boundedText(LIMITS.urlMaxLength, INPUT_LABELS.evidenceUrl)
    .refine((value) => value === '' || isHttpUrl(value), issueMessage('evidenceUrlInvalid'))
    .optional()
    .default(''),
  date: pastIsoDay(issueMessage('verificationDateInvalid')).optional().describe('the day of the check, YYYY-MM-DD; today when left out'),
});
export type VerifyInput = z.input<typeof verifyInputSchema>;

export const unverifyInputSchema = z.object({ note: optionalText(LIMITS.verificationNoteMaxLength, INPUT_LABELS.note) });

/** One entry of a business's verification history, newest first. */
export const verificationRecordSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  action: z.enum(['verified', 'unverified']),
  method: z.enum(VERIFICATION_METHODS).nullable(),
  note: z.string(),
  evidence_url: z.string(),
  date: isoDay,
  recorded_by: z.string().nullable().describe("the admin's username; null once that account is deleted"),
  created_at: isoDate,
});
export type VerificationRecord = z.infer<typeof verificationRecordSchema>;

export const confirmationInputSchema = z.object({ answer: z.enum(CONFIRMATION_ANSWERS, { error: issueMessage('confirmationAnswerRequired') }) });

/** 'Confirmed by N members in the last 90 days', the latest such date, and the caller's own answer. */
export const confirmationSummarySchema = z.object({
  confirmed_by: z
    .number()
    .int()
    .describe("members who answered 'Yes' in the last 90 days, with accounts at least 7 days old when they answered; never the business's owner"),
  latest_confirmed_at: isoDate.nullable(),
  your_answer: z
    .object({ answer: z.enum(CONFIRMATION_ANSWERS), answered_at: isoDate, next_answer_from: isoDate })
    .nullable()
    .describe("the caller's answer of the last 30 days; null for visitors and when they may answer"),
});
export type ConfirmationSummary = z.infer<typeof confirmationSummarySchema>;

export const recheckReasonSchema = z.enum(RECHECK_REASONS);

/** The re-checks queue's page, searched by business name and filtered by why the business is there. */
export const rechecksQuerySchema = searchedQueueQuerySchema.extend({
  reason: z
    .enum(RECHECK_REASONS, { error: issueMessage('recheckReasonFilterInvalid') })
    .optional()
    .describe('only businesses members flagged, whose verification is due, or never verified'),
});

/** A business the admins should check again: members said it closed or stopped, its verification is due, or it never had one. */
export const recheckSchema = z.object({
  business: z.object({ id: z.number().int(), name: z.string(), city: z.string(), postcode: z.string(), category: z.string() }),
  reason: recheckReasonSchema,
  verification: verificationSchema,
  since: isoDate.describe('members: when they did; due: when it fell due; never: when the business was added'),
  member_answers: z
    .array(z.object({ username: z.string().nullable(), answer: z.enum(CONFIRMATION_ANSWERS), answered_at: isoDate }))
    .describe("reason 'members': the 'Closed' and 'No longer supportive' answers of the last 90 days"),
});
export type Recheck = z.infer<typeof recheckSchema>;
