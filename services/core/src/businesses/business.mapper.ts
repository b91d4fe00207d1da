import type { Business, VerificationMethod } from '@zaytoon/contract';
import { outcodeOf } from '../geo/outcodes';
import type { PageRow } from './businesses.repository';

/**
 * Whether a reader sees where a business is to the street: always for an 'exact' one; for an 'area' one only its
 * owner and admins (the public point is already the district's centre, kept so by migration 1700000000030).
 */
export function seesStreet(
  business: { location_precision: Business['location_precision']; owner_id: number | null },
  forAdmin: boolean,
  viewerId: number | null,
): boolean {
  return business.location_precision !== 'area' || forAdmin || (viewerId !== null && viewerId === business.owner_id);
}

/** What an 'area' business shows in public of its address and postcode: no street, the postcode's district only. */
export function areaOnly<T extends { address: string; postcode: string }>(fields: T): T {
  return { ...fields, address: '', postcode: outcodeOf(fields.postcode) ?? '' };
}

/**
 * The answer shape of SPEC §3; report data only for admins, the owner and sort keys never. Every answer of a business
 * is built here, so the street of an 'area' business reaches its owner (`viewerId`) and admins only.
 */
export function toBusiness(row: PageRow, forAdmin: boolean, viewerId: number | null = null): Business {
  const {
    owner_id: _owner,
    rank_bucket: _bucket,
    rank_score: _score,
    folded_name: _folded,
    near_key: _nearKey,
    distance_miles: _miles,
    report_count,
    latest_reports,
    created_at,
    verification_status,
    verification_method,
    verification_date,
    verification_due_date,
    ...fields
  } = row;
  return {
    ...(seesStreet(row, forAdmin, viewerId) ? fields : areaOnly(fields)),
    verification: {
      status: verification_status,
      method: verification_method as VerificationMethod | null,
      date: verification_date,
      due_date: verification_due_date,
    },
    created_at: created_at.toISOString(),
    report_count: forAdmin ? (report_count ?? 0) : 0,
    latest_reports: forAdmin ? (latest_reports ?? []) : [],
  };
}
