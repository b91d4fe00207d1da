import type { Business } from '@zaytoon/contract';
import type { PageRow } from './businesses.repository';

/** The answer shape of SPEC §3; report data only for admins, the owner and sort keys never. */
export function toBusiness(row: PageRow, forAdmin: boolean): Business {
  const { owner_id: _owner, rank_bucket: _bucket, rank_score: _score, report_count, latest_reports, created_at, ...fields } = row;
  return {
    ...fields,
    created_at: created_at.toISOString(),
    report_count: forAdmin ? (report_count ?? 0) : 0,
    latest_reports: forAdmin ? (latest_reports ?? []) : [],
  };
}
