import { z } from 'zod';
import { INPUT_LABELS, LIMITS } from '../limits';
import { issueMessage } from '../i18n/message-codes';
import { boundedText, inputText, isoDate } from './common.schema';

/** 'I own this business': how the member can prove it. */
export const claimInputSchema = z.object({
  evidence: boundedText(LIMITS.claimEvidenceMaxLength, INPUT_LABELS.evidence, { error: issueMessage('claimEvidenceRequired') })
    .min(1, issueMessage('claimEvidenceRequired'))
    .min(LIMITS.claimEvidenceMinLength, issueMessage('claimEvidenceTooShort')),
});
export type ClaimInput = z.input<typeof claimInputSchema>;

export const claimStatusSchema = z.enum(['pending', 'approved', 'rejected']);

/** A member's claim to own a business; admins see the member's email and the domain hint. */
export const claimSchema = z.object({
  id: z.number().int(),
  business: z.object({ id: z.number().int(), name: z.string(), website: z.string() }),
  member: z.object({ id: z.number().int(), username: z.string(), email: z.string() }),
  evidence: z.string(),
  email_domain_matches: z
    .boolean()
    .describe(
      "the member's email domain is the website's domain (or one of its subdomains), when the claim was made, and the member has confirmed the address (false until then): a hint, not a proof",
    ),
  status: claimStatusSchema,
  created_at: isoDate,
});
export type Claim = z.infer<typeof claimSchema>;

/** The member's own answer to a claim: no email or hint back. */
export const claimReceiptSchema = z.object({ id: z.number().int(), business_id: z.number().int(), status: claimStatusSchema, message: z.string() });
export type ClaimReceipt = z.infer<typeof claimReceiptSchema>;

/** The one-click 'Everything is still accurate' of a freshness reminder: the mailed token, no session needed. */
export const confirmListingInputSchema = z.object({
  token: inputText({ error: issueMessage('freshnessTokenRequired') })
    .min(1, issueMessage('freshnessTokenRequired'))
    .max(200, issueMessage('freshnessTokenInvalid'))
    .regex(/^[A-Za-z0-9_-]+$/, issueMessage('freshnessTokenInvalid')),
});

export const confirmListingResultSchema = z.object({ business_id: z.number().int(), confirmed_at: isoDate, message: z.string() });
export type ConfirmListingResult = z.infer<typeof confirmListingResultSchema>;
