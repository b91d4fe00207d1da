import { z } from 'zod';
import { INPUT_LABELS, LIMITS, REPORT_REASONS } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { boundedText, idSchema, inputText, isoDate } from './common.schema';
import { pageQuerySchema } from './directory.schema';

/**
 * What an admin weighs a report by: who made it, how old their account is, and how their earlier reports ended
 * (upheld: the business was removed on review of its reports; rejected: an admin rejected the report).
 */
export const reporterRecordSchema = z.object({
  username: z.string(),
  account_created_at: isoDate,
  reports_upheld: z.number().int().describe("the reporter's earlier reports pending on a business when an admin approved a report on it"),
  reports_rejected: z.number().int().describe("the reporter's earlier reports an admin rejected"),
});
export type ReporterRecord = z.infer<typeof reporterRecordSchema>;

export const reportSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  business_name: z.string().optional(),
  reason: z.enum(REPORT_REASONS),
  description: z.string(),
  reported_by: z.number().int().nullable(),
  reporter_username: z.string().nullable(),
  reporter: reporterRecordSchema
    .nullable()
    .optional()
    .describe("in admins' answers: the reporter's record; null once the reporter's account is deleted ('former member')"),
  created_at: isoDate,
  part_of_burst: z
    .boolean()
    .optional()
    .describe("admins: the report is part of a burst of new accounts that paused the business ('Unusual activity'); it stays pending"),
});
export type Report = z.infer<typeof reportSchema>;

export const reportInputSchema = z.object({
  business_id: idSchema(issueMessage('businessNotFound')),
  reason: z.enum(REPORT_REASONS, { error: issueMessage('reportReasonInvalid') }),
  description: boundedText(LIMITS.textFieldMaxLength, INPUT_LABELS.details).optional().default(''),
});
export type ReportInput = z.input<typeof reportInputSchema>;

export const reviewActionSchema = z.object({
  action: z.enum(['approve', 'reject'], { error: issueMessage('reviewActionInvalid') }),
});
export type ReviewAction = z.infer<typeof reviewActionSchema>['action'];

const QUEUE_SEARCH_MAX_LENGTH = 200;

/** A business name to look for in an admin queue: its part, any case. */
export const queueSearchSchema = inputText()
  .trim()
  .max(QUEUE_SEARCH_MAX_LENGTH, issueMessage('textTooLong', { field: 'search', max: QUEUE_SEARCH_MAX_LENGTH }))
  .optional()
  .describe('only items about a business whose name holds this text (any case)');

/** An admin queue's page, searched by business name. */
export const searchedQueueQuerySchema = pageQuerySchema.extend({ search: queueSearchSchema });

const reportReasonFilter = (description: string) =>
  z
    .enum(REPORT_REASONS, { error: issueMessage('reportReasonFilterInvalid') })
    .optional()
    .describe(description);

/** The pending reports queue's page, searched by business name and filtered by reason. */
export const pendingReportsQuerySchema = searchedQueueQuerySchema.extend({
  reason: reportReasonFilter('only reports giving this reason'),
});

/** The reported businesses queue's page, searched by business name and filtered by the reason of a pending report. */
export const reportedBusinessesQuerySchema = searchedQueueQuerySchema.extend({
  reason: reportReasonFilter('only businesses with a pending report giving this reason'),
});
