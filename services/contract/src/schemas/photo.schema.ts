import { z } from 'zod';
import { INPUT_LABELS, PHOTO_RULES } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { isoDate, requiredText } from './common.schema';

export const PHOTO_STATES = ['pending', 'ready', 'hidden', 'removed'] as const;
export type PhotoState = (typeof PHOTO_STATES)[number];

export const photoSizeSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  url: z.string().describe('WebP, without metadata; the file never changes, so it is served as immutable'),
});
export type PhotoSize = z.infer<typeof photoSizeSchema>;

export const photoSchema = z.object({
  id: z.number().int(),
  business_id: z.number().int(),
  uploader_id: z.number().int(),
  username: z.string().describe("the uploader's username, the photo's credit"),
  from_owner: z.boolean().describe("uploaded by the business's owner ('From the owner'), else 'From the community'"),
  alt_text: z.string(),
  licence: z.string().describe(`the licence the upload granted (${PHOTO_RULES.licence})`),
  state: z.enum(PHOTO_STATES).describe('pending until the worker has made its sizes; only ready photos are listed'),
  sizes: z.array(photoSizeSchema).describe('narrowest first; empty while pending'),
  is_cover: z.boolean().describe("the business's cover photo"),
  created_at: isoDate,
});
export type Photo = z.infer<typeof photoSchema>;

/** The multipart fields beside `file`: what the photo shows, and the licence the uploader grants. */
export const photoInputSchema = z.object({
  alt_text: requiredText(issueMessage('photoAltTextRequired'), PHOTO_RULES.altTextMaxLength, INPUT_LABELS.text).describe(
    'what the photo shows, for people who cannot see it',
  ),
  licence: z.literal(PHOTO_RULES.licence, issueMessage('photoLicenceRequired')).describe('the licence the upload grants, which the dialog shows'),
});
export type PhotoInput = z.input<typeof photoInputSchema>;

export const photoReportInputSchema = z.object({
  reason: requiredText(issueMessage('photoReportReasonRequired'), PHOTO_RULES.reportReasonMaxLength, INPUT_LABELS.reason).describe(
    'what is wrong with the photo; reports by PHOTO_RULES.reportsToHide members hide it until an admin reviews it',
  ),
});
export type PhotoReportInput = z.input<typeof photoReportInputSchema>;

/** A photo as the admins' 'Photos' tab lists it: with its reports and its uploader's record. */
export const adminPhotoSchema = photoSchema.extend({
  report_count: z.number().int(),
  reasons: z.array(z.string()).describe("the latest reports' reasons, newest first (at most 3)"),
  uploader: z.object({
    account_created_at: isoDate,
    photos: z.number().int().describe('photos the uploader has added and not deleted, removed ones included'),
    photos_removed: z.number().int().describe('of those, removed by an admin'),
  }),
});
export type AdminPhoto = z.infer<typeof adminPhotoSchema>;
