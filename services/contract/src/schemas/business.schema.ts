import { z } from 'zod';
import { INPUT_LABELS, LIMITS, SOCIAL_NETWORK_HOSTS, SOCIAL_NETWORKS, WEEKDAYS, type SocialNetwork } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { FIELD_LABELS } from '../limits';
import { boundedText, httpUrlOrEmpty, isHttpUrl, isoDate, oneLineText, optionalText, requiredText } from './common.schema';
import { sourceSchema, sourcesInputSchema } from './source.schema';
import { verificationSchema } from './trust.schema';
import { duplicateCandidateIdsSchema } from './duplicate.schema';
import { reportSchema } from './report.schema';
import { brandSummarySchema, businessProductsSchema } from './brand.schema';

const SOCIAL_SITES: Record<SocialNetwork, string> = {
  facebook: 'https://facebook.com/',
  twitter: 'https://twitter.com/',
  instagram: 'https://instagram.com/',
};

/** SPEC §2: facebook values without http get the site prefix; twitter and instagram lose '@' first. */
export function normaliseSocialLink(network: SocialNetwork, value: string): string {
  const trimmed = value.trim();
  if (/^https?:\/\//i.test(trimmed)) return trimmed;
  const handle = network === 'facebook' ? trimmed : trimmed.replace(/^@+/, '');
  return SOCIAL_SITES[network] + handle;
}

/**
 * Whether an http(s) link is on the network's hosts or their subdomains, as a browser reads it: the parsed
 * hostname, so 'facebook.com.evil.com' and 'facebook.com@evil.com' are not Facebook. Userinfo is refused outright.
 */
export function isOnNetworkSite(network: SocialNetwork, link: string): boolean {
  if (!isHttpUrl(link)) return false;
  const url = new URL(link);
  if (url.username || url.password) return false;
  return SOCIAL_NETWORK_HOSTS[network].some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
}

export const businessHoursSchema = z
  .object(Object.fromEntries(WEEKDAYS.map((day) => [day, boundedText(LIMITS.businessHoursMaxLength, FIELD_LABELS.business_hours).optional()])))
  .strict()
  .transform((hours) => Object.fromEntries(Object.entries(hours).filter((entry): entry is [string, string] => !!entry[1]))) as unknown as z.ZodType<
  Partial<Record<(typeof WEEKDAYS)[number], string>>
>;

export const socialMediaSchema = z
  .object(
    Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, boundedText(LIMITS.socialLinkMaxLength, FIELD_LABELS.social_media).optional()])),
  )
  .strict()
  .transform((links, ctx) => {
    const normalised: Partial<Record<SocialNetwork, string>> = {};
    for (const network of SOCIAL_NETWORKS) {
      const value = links[network];
      if (!value) continue;
      const url = normaliseSocialLink(network, value);
      if (!isHttpUrl(url)) {
        ctx.addIssue({ code: 'custom', message: issueMessage('linkInvalid'), path: [network] });
        continue;
      }
      if (!isOnNetworkSite(network, url)) {
        ctx.addIssue({ code: 'custom', message: issueMessage('socialLinkOffSite', { hosts: SOCIAL_NETWORK_HOSTS[network] }), path: [network] });
        continue;
      }
      normalised[network] = url;
    }
    return normalised;
  }) as unknown as z.ZodType<Partial<Record<SocialNetwork, string>>>;

// Spelled here rather than imported from opening-hours.ts, which /browse's first load carries apart from the forms' schemas.
const TIME_24H = /^([01]\d|2[0-3]):[0-5]\d$/;
const DAY_MS = 86_400_000;
const calendarDate = z
  .string({ error: issueMessage('specialHoursDateInvalid') })
  .regex(/^\d{4}-\d{2}-\d{2}$/, issueMessage('specialHoursDateInvalid'))
  .refine((value) => !Number.isNaN(Date.parse(value)) && new Date(value).toISOString().startsWith(value), issueMessage('specialHoursDateInvalid'))
  .describe('a London date, YYYY-MM-DD');
const timeOfDay = z
  .string({ error: issueMessage('specialHoursTimeInvalid') })
  .regex(TIME_24H, issueMessage('specialHoursTimeInvalid'))
  .nullable()
  .optional()
  .describe('HH:MM on a 24-hour clock, London time; a closing time before the opening one is past midnight');

/** One entry of special hours: 'Eid al-Fitr: Closed', 'Ramadan: 18:00 - 02:00' from its first to its last date. */
export const specialHoursEntrySchema = z
  .object({
    label: oneLineText(
      requiredText(issueMessage('specialHoursLabelRequired'), LIMITS.specialHoursLabelMaxLength, INPUT_LABELS.specialHoursLabel),
      INPUT_LABELS.specialHoursLabel,
    ),
    first_date: calendarDate,
    last_date: calendarDate,
    closed: z.boolean().describe('closed on these dates; opens and closes are then ignored'),
    opens: timeOfDay,
    closes: timeOfDay,
  })
  .strict()
  .superRefine((entry, ctx) => {
    if (entry.last_date < entry.first_date) {
      ctx.addIssue({ code: 'custom', message: issueMessage('specialHoursLastBeforeFirst'), path: ['last_date'] });
    } else if ((Date.parse(entry.last_date) - Date.parse(entry.first_date)) / DAY_MS + 1 > LIMITS.specialHoursMaxDays) {
      ctx.addIssue({ code: 'custom', message: issueMessage('specialHoursTooLong', { max: LIMITS.specialHoursMaxDays }), path: ['last_date'] });
    }
    if (entry.closed) return;
    if (!entry.opens || !entry.closes) {
      ctx.addIssue({ code: 'custom', message: issueMessage('specialHoursTimesRequired'), path: [entry.opens ? 'closes' : 'opens'] });
    } else if (entry.opens === entry.closes) {
      ctx.addIssue({ code: 'custom', message: issueMessage('specialHoursSameTimes'), path: ['closes'] });
    }
  })
  .transform((entry) => ({
    label: entry.label,
    first_date: entry.first_date,
    last_date: entry.last_date,
    closed: entry.closed,
    opens: entry.closed ? null : (entry.opens ?? null),
    closes: entry.closed ? null : (entry.closes ?? null),
  }));

export const specialHoursSchema = z
  .array(specialHoursEntrySchema)
  .max(LIMITS.specialHoursMaxEntries, issueMessage('tooManySpecialHours', { max: LIMITS.specialHoursMaxEntries }))
  .describe(
    "the business's hours for special dates: inside one of its dates (midnight to midnight, London time) only its entries count, a closing time before the opening one running into the next date; several entries on one date add up",
  );

export const specialHoursInputSchema = z.object({
  special_hours: specialHoursSchema.describe("the business's whole list (it replaces the old one)"),
});
export type SpecialHoursInput = z.input<typeof specialHoursInputSchema>;

const specialHoursEntryOutput = z.object({
  label: z.string(),
  first_date: z.string().describe('YYYY-MM-DD'),
  last_date: z.string().describe('YYYY-MM-DD'),
  closed: z.boolean(),
  opens: z.string().nullable().describe('HH:MM, null when closed'),
  closes: z.string().nullable().describe('HH:MM, null when closed; before opens when it closes after midnight'),
});

/** 'area': the business stands at its postcode district's centre, and its street is shown to its owner and admins only. */
export const LOCATION_PRECISIONS = ['exact', 'area'] as const;
export type LocationPrecision = (typeof LOCATION_PRECISIONS)[number];
const locationPrecisionSchema = z.enum(LOCATION_PRECISIONS);

export const businessInputSchema = z.object({
  name: oneLineText(requiredText(issueMessage('nameRequired'), LIMITS.shortFieldMaxLength, FIELD_LABELS.name), FIELD_LABELS.name),
  name_latin: oneLineText(boundedText(LIMITS.nameLatinMaxLength, FIELD_LABELS.name_latin), FIELD_LABELS.name_latin)
    .optional()
    .default('')
    .describe('the name in English letters (a transliteration), for a name written in another script; empty for none'),
  address: requiredText(issueMessage('addressRequired'), LIMITS.shortFieldMaxLength, FIELD_LABELS.address),
  city: oneLineText(requiredText(issueMessage('cityRequired'), LIMITS.cityMaxLength, FIELD_LABELS.city), FIELD_LABELS.city),
  postcode: requiredText(issueMessage('postcodeRequired'), LIMITS.postcodeMaxLength, FIELD_LABELS.postcode),
  category: optionalText(LIMITS.categoryMaxLength, FIELD_LABELS.category),
  description: optionalText(LIMITS.textFieldMaxLength, FIELD_LABELS.description),
  phone: optionalText(LIMITS.phoneMaxLength, FIELD_LABELS.phone),
  website: httpUrlOrEmpty.optional().default(''),
  proof_of_support: optionalText(LIMITS.textFieldMaxLength, FIELD_LABELS.proof_of_support).describe(
    "old clients' free text: with sources left out, a text other than the business's becomes its one 'Other' source; ignored when sources are sent",
  ),
  sources: sourcesInputSchema
    .optional()
    .describe("the business's whole list of sources; left out, they stay as they are unless proof_of_support's text changed"),
  business_hours: businessHoursSchema.optional(),
  social_media: socialMediaSchema.optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  location_precision: locationPrecisionSchema
    .optional()
    .describe(
      "'Show only the area, not the street address': 'area' shows the business at its postcode district's centre and its street to its owner and admins only; left out, it stays as it is ('exact' for a new business)",
    ),
  duplicate_candidates: duplicateCandidateIdsSchema
    .optional()
    .describe("adding: the ids the form showed as 'This may already be listed'; recorded as likely pairs 'added despite the warning'"),
});
export type BusinessInput = z.input<typeof businessInputSchema>;
export type ValidBusinessInput = z.output<typeof businessInputSchema>;

/** A business's cover photo as lists, popups and the embed show it: the smallest size, with its credit and licence. */
export const coverPhotoSchema = z.object({
  photo_id: z.number().int(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  alt_text: z.string(),
  username: z.string().describe("the uploader's username, the photo's credit"),
  licence: z.string(),
});
export type CoverPhoto = z.infer<typeof coverPhotoSchema>;

export const businessSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_latin: z.string().nullable().describe('the name in English letters; null when the business has none'),
  address: z.string(),
  city: z.string(),
  postcode: z.string(),
  category: z.string(),
  description: z.string(),
  phone: z.string(),
  website: z.string(),
  proof_of_support: z.string().describe('the sources as text, one a line, newest first (for clients that predate sources)'),
  business_hours: z.record(z.string(), z.string()),
  special_hours: z.array(specialHoursEntryOutput).describe("hours for special dates ('Eid al-Fitr: Closed'), which 'Open now' honours"),
  social_media: z.record(z.string(), z.string()),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  location_precision: locationPrecisionSchema.describe(
    "'area': latitude and longitude are the postcode district's centre ('Approximate location'); to anyone but its owner and admins the address is empty and the postcode is the district",
  ),
  vote_score: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  distance_miles: z
    .number()
    .optional()
    .describe("only in a list asked with `near`: miles from that point to the business's public point (great circle)"),
  verified: z.boolean().describe('the latest verification is under 12 months old (verification.status is current)'),
  verification: verificationSchema,
  created_at: isoDate,
  report_count: z.number().int(),
  latest_reports: z.array(reportSchema),
  cover: coverPhotoSchema.nullable().describe('the cover photo its owner or an admin picked, at its smallest size; null when it has none'),
  alternatives: z.array(brandSummarySchema).optional().describe("the brands it is an alternative to ('Alternative to <brand>'), A-Z"),
});
export type Business = z.infer<typeof businessSchema>;

/** Protection from bursts: while paused, new accounts may not vote, comment or answer on the business. */
export const protectionSchema = z
  .object({
    state: z.literal('paused'),
    since: isoDate,
    reason: z
      .enum(['burst'])
      .describe("'burst': many new accounts voted it down, reported it or answered 'Closed' or 'No longer supportive' within a short time"),
  })
  .describe("the business is receiving unusual activity: new accounts' votes, comments and answers are refused (423) until an admin lifts it");
export type Protection = z.infer<typeof protectionSchema>;

/** A business with its sources of proof of support, newest date first (the detail, and the answer of a write). */
export const businessDetailSchema = businessSchema.extend({
  sources: z.array(sourceSchema),
  managed_by_owner: z.boolean().describe("an admin approved its owner's claim: 'Managed by its owner'").optional(),
  owner_confirmed_at: isoDate.nullable().describe("the claimed owner's last 'Everything is still accurate'").optional(),
  protection: protectionSchema.nullable().describe('null unless the business is paused'),
  palestinian_products: businessProductsSchema.optional().describe('the Palestinian products it stocks, with the source that shows it'),
});
export type BusinessDetail = z.infer<typeof businessDetailSchema>;

export const canEditSchema = z.object({ can_edit: z.boolean(), is_owner: z.boolean() });
export type CanEdit = z.infer<typeof canEditSchema>;

export const categoriesSchema = z.object({ categories: z.array(z.string()) });
export const citiesSchema = z.object({ cities: z.array(z.string()) });
