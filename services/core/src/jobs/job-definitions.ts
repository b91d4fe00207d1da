import type { JobsOptions } from 'bullmq';
import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, type Language } from '@zaytoon/contract';
import { SOURCE_LISTS } from '../sources/sources.repository';
import { PHOTO_STEM } from '../photos/photo-keys';

/** The design card's job families; each is one BullMQ queue. */
export const QUEUES = {
  emails: 'emails',
  images: 'images',
  moderation: 'moderation',
  statistics: 'statistics',
  geocoding: 'geocoding',
  links: 'links',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  queue: QueueName;
  name: string;
  payload: P;
  /** Builds a job id so that the same logical job enqueued twice runs once. */
  jobId?: (payload: z.output<P>) => string;
  /** While a job with this id waits, enqueueing it again adds nothing; while it runs, one more is kept; once done it may run again. */
  deduplicationId?: (payload: z.output<P>) => string;
  /** Options every enqueue of this job gets (e.g. coalescing). */
  options?: JobsOptions;
  /** How long one attempt may run before it fails (JOB_TIMEOUT_MS of its queue when not given). */
  timeoutMs?: number;
  /** Payload fields encrypted at rest (JobDataCipher): sealed by the producer, opened by the worker before the schema check. */
  sealed?: readonly string[];
}

/**
 * How long one attempt of a queue's job may run: BullMQ has no job timeout of its own, so the worker's processor
 * aborts the handler's signal and fails the attempt at this deadline, freeing the slot.
 */
export const JOB_TIMEOUT_MS: Record<QueueName, number> = {
  emails: 60_000,
  images: 120_000,
  moderation: 5 * 60_000,
  statistics: 10 * 60_000,
  geocoding: 60_000,
  links: 30_000,
};

const defineJob = <P extends z.ZodType>(definition: JobDefinition<P>) => definition;

const id = z.number().int().positive();

/** A member's mail: to whom, and in which language (a job queued before languages existed reads as English). */
const memberMail = {
  to: z.email(),
  name: z.string(),
  language: z.enum(LANGUAGE_CODES as [Language, ...Language[]]).default(DEFAULT_LANGUAGE),
};

export const JOBS = {
  sendResetCode: defineJob({
    queue: QUEUES.emails,
    name: 'send-reset-code',
    payload: z.object({ ...memberMail, code: z.string().regex(/^\d{6}$/) }),
    // The code is a key to the account: never readable in Redis or bull-board, and gone once mailed.
    sealed: ['code'],
    options: { removeOnComplete: true },
  }),
  sendPasswordChanged: defineJob({
    queue: QUEUES.emails,
    name: 'send-password-changed',
    payload: z.object(memberMail),
  }),
  sendAccountDeleted: defineJob({
    queue: QUEUES.emails,
    name: 'send-account-deleted',
    payload: z.object(memberMail),
  }),
  /** One owner's freshness reminder, with the one-click link's token. */
  sendFreshnessReminder: defineJob({
    queue: QUEUES.emails,
    name: 'send-freshness-reminder',
    payload: z.object({ ...memberMail, businessId: id, businessName: z.string(), token: z.string().min(1) }),
    // The token confirms the listing without logging in: never readable in Redis or bull-board, and gone once mailed.
    sealed: ['token'],
    options: { removeOnComplete: true },
  }),
  /** The owner's mail when their business is paused by a burst of new accounts: once per pause. */
  sendPauseNotice: defineJob({
    queue: QUEUES.emails,
    name: 'send-pause-notice',
    payload: z.object({ ...memberMail, pauseId: id, businessId: id, businessName: z.string() }),
    jobId: (payload) => `pause-notice-${payload.pauseId}`,
  }),
  /** Daily, and on demand: mails every claimed owner whose approval or last reminder is 6 months old. */
  sendFreshnessReminders: defineJob({
    queue: QUEUES.emails,
    name: 'send-freshness-reminders',
    payload: z.object({}),
    options: { deduplication: { id: 'send-freshness-reminders' }, removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } },
  }),
  /** One member's daily alert mail, with each alert's businesses added since its last mail. */
  sendAlertDigest: defineJob({
    queue: QUEUES.emails,
    name: 'send-alert-digest',
    payload: z.object({
      ...memberMail,
      userId: id,
      /** The UTC day the mail is for: one mail per member and day, even if the job is queued twice. */
      day: z.iso.date(),
      alerts: z.array(
        z.object({
          id,
          city: z.string().nullable(),
          category: z.string().nullable(),
          search: z.string().nullable(),
          /** Absent from jobs queued before alerts kept 'Verified only' and 'Open now': no such filter. */
          verified: z.boolean().nullable().default(null),
          open_now: z.boolean().default(false),
          /** Absent from jobs queued before alerts kept 'Alternative to…' and 'Palestinian products': no such filter. */
          alternative_to: z.string().nullable().default(null),
          alternative_to_name: z.string().nullable().default(null),
          palestinian_product: z.string().nullable().default(null),
          palestinian_product_name: z.string().nullable().default(null),
          /** All the alert's new businesses; `businesses` lists the first ALERT_RULES.businessesPerMail. */
          total: z.number().int().positive(),
          businesses: z.array(z.object({ id, name: z.string(), city: z.string() })).min(1),
        }),
      ),
    }),
    jobId: (payload) => `alert-digest-${payload.userId}-${payload.day}`,
  }),
  /** The link that confirms a member's email address (signup, 'Resend'). */
  sendEmailConfirmation: defineJob({
    queue: QUEUES.emails,
    name: 'send-email-confirmation',
    payload: z.object({ ...memberMail, token: z.string().min(1) }),
    // The token confirms the address without logging in: never readable in Redis or bull-board, and gone once mailed.
    sealed: ['token'],
    options: { removeOnComplete: true },
  }),
  /** Daily, and on demand: queues the alert mail of every member with new businesses for their alerts. */
  sendAlertMails: defineJob({
    queue: QUEUES.emails,
    name: 'send-alert-mails',
    payload: z.object({}),
    options: { deduplication: { id: 'send-alert-mails' }, removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } },
  }),
  resizeAvatar: defineJob({
    queue: QUEUES.images,
    name: 'resize-avatar',
    payload: z.object({ userId: id, originalKey: z.string().min(1) }),
    jobId: (payload) => `avatar-${payload.userId}-${payload.originalKey.replace(/[^a-zA-Z0-9-]/g, '')}`,
  }),
  /** A deleted account's avatar files: public under /api/uploads until removed. */
  removeAvatarFiles: defineJob({
    queue: QUEUES.images,
    name: 'remove-avatar-files',
    payload: z.object({ userId: id, picture: z.string().nullable() }),
    jobId: (payload) => `remove-avatar-files-${payload.userId}`,
  }),
  /** A member's photo upload: its WebP sizes, then the photo is listed. */
  processPhoto: defineJob({
    queue: QUEUES.images,
    name: 'process-photo',
    payload: z.object({ photoId: id, uploaderId: id, originalKey: z.string().min(1) }),
    jobId: (payload) => `photo-${payload.photoId}`,
  }),
  /** A deleted account's photo files: public under /api/uploads until removed. */
  removeMemberPhotos: defineJob({
    queue: QUEUES.images,
    name: 'remove-member-photos',
    payload: z.object({ userId: id }),
    jobId: (payload) => `remove-member-photos-${payload.userId}`,
  }),
  /** A deleted business's photo files (their rows went with it): each photo's sizes, listed by its stem. */
  removeBusinessPhotos: defineJob({
    queue: QUEUES.images,
    name: 'remove-business-photos',
    payload: z.object({ businessId: id, stems: z.array(z.string().regex(PHOTO_STEM)) }),
    jobId: (payload) => `remove-business-photos-${payload.businessId}`,
  }),
  approveReportCascade: defineJob({
    queue: QUEUES.moderation,
    name: 'approve-report-cascade',
    payload: z.object({ reportId: id, businessId: id, adminId: id }),
    jobId: (payload) => `remove-business-${payload.businessId}`,
  }),
  refreshStatistics: defineJob({
    queue: QUEUES.statistics,
    name: 'refresh-statistics',
    payload: z.object({ reason: z.string().default('change') }),
    // While one refresh waits, more requests add nothing; while one runs, one more is kept so no change is missed.
    options: { deduplication: { id: 'refresh-statistics', keepLastIfActive: true } },
  }),
  /** The open data files' segments whose businesses changed since the last build. */
  buildOpenData: defineJob({
    queue: QUEUES.statistics,
    name: 'build-open-data',
    payload: z.object({ reason: z.string().default('schedule') }),
    // A run rebuilds at most 100 segments, but the first build writes them all (1,000 at 1,000,000 businesses).
    timeoutMs: 30 * 60_000,
    options: { deduplication: { id: 'build-open-data', keepLastIfActive: true }, removeOnComplete: { count: 10 }, removeOnFail: { count: 100 } },
  }),
  geocodeBusiness: defineJob({
    queue: QUEUES.geocoding,
    name: 'geocode-business',
    payload: z.object({ businessId: id, postcode: z.string() }),
  }),
  /** GET the source's URL (SSRF-guarded), record the answer and archive the page. */
  checkSourceLink: defineJob({
    queue: QUEUES.links,
    name: 'check-source-link',
    // `list`: whose source it is (a business's proof of support, a brand's reason, a business's products); left out by
    // jobs queued before brands had sources.
    payload: z.object({ sourceId: id, list: z.enum(SOURCE_LISTS).default('business') }),
    deduplicationId: (payload) =>
      payload.list === 'business' ? `check-source-link-${payload.sourceId}` : `check-${payload.list}-source-link-${payload.sourceId}`,
    options: { removeOnComplete: { count: 1000 } },
  }),
  /** Weekly, and on demand: a check of every source with a URL. */
  checkAllSourceLinks: defineJob({
    queue: QUEUES.links,
    name: 'check-all-source-links',
    payload: z.object({}),
    // Queues a check of every source, a page at a time: longer than one check.
    timeoutMs: 10 * 60_000,
    options: { deduplication: { id: 'check-all-source-links' } },
  }),
  /** Nightly, the likely duplicate pairs for the admins' 'Possible duplicates'. */
  findDuplicatePairs: defineJob({
    queue: QUEUES.moderation,
    name: 'find-duplicate-pairs',
    payload: z.object({}),
    // The whole table's pairs, nightly.
    timeoutMs: 30 * 60_000,
    options: { deduplication: { id: 'find-duplicate-pairs' } },
  }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.input<(typeof JOBS)[N]['payload']>;

/**
 * What every job's data carries beside its payload: the id of the request that enqueued it, so the
 * worker's lines for the job can be found with the request's. Payload schemas strip it before a handler runs.
 */
export interface JobTrace {
  requestId?: string;
}

export function requestIdOfJob(data: unknown): string | undefined {
  const requestId = (data as JobTrace | null | undefined)?.requestId;
  return typeof requestId === 'string' ? requestId : undefined;
}
