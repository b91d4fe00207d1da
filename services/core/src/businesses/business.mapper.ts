import type { Business, VerificationMethod } from '@zaytoon/contract';
import type { PageRow } from './businesses.repository';

/** The answer shape of SPEC §3; report data only for admins, the owner and sort keys never. */
export function toBusiness(row: PageRow, forAdmin: boolean): Business {
  const {
    owner_id: _owner,
    rank_bucket: _bucket,
    rank_score: _score,
    folded_name: _folded,
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
    ...fields,
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
