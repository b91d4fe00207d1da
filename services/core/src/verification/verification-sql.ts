import { TRUST_RULES } from '@zaytoon/contract';

const VALID_FOR = `interval '${TRUST_RULES.verificationValidMonths} months'`;

/** Today's cut-off: a verification made after this day is current (the directory's rollups count by it). */
export const VERIFICATION_CUTOFF_DAY = `(current_date - ${VALID_FOR})::date`;

/** A business (alias b) whose latest verification stands and is under TRUST_RULES.verificationValidMonths old. */
export const VERIFICATION_CURRENT = `b.verified_on > ${VERIFICATION_CUTOFF_DAY}`;

/** A business that verification is due for: verified once, and that long ago. */
export const VERIFICATION_DUE = `b.verified_on <= current_date - ${VALID_FOR}`;

/**
 * The one place a business row's `verified` and verification fields are read, by the calendar: a verification
 * expires without anything being written.
 */
export const VERIFICATION_COLUMNS = `(${VERIFICATION_CURRENT}) IS TRUE AS verified,
  CASE WHEN b.verified_on IS NULL THEN 'never' WHEN ${VERIFICATION_CURRENT} THEN 'current' ELSE 'due' END AS verification_status,
  b.verification_method, to_char(b.verified_on, 'YYYY-MM-DD') AS verification_date,
  to_char(b.verified_on + ${VALID_FOR}, 'YYYY-MM-DD') AS verification_due_date`;

export interface VerificationColumns {
  verified: boolean;
  verification_status: 'current' | 'due' | 'never';
  verification_method: string | null;
  verification_date: string | null;
  verification_due_date: string | null;
}
