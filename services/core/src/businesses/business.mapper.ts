import type { Business } from '@zaytoon/contract';
import type { BusinessRow } from './businesses.repository.js';

/** The answer shape of SPEC §3; report data only for admins, the owner never. */
export function toBusiness(row: BusinessRow, forAdmin: boolean): Business {
  const { owner_id: _owner, report_count, latest_reports, created_at, ...fields } = row;
  return {
    ...fields,
    created_at: created_at.toISOString(),
    report_count: forAdmin ? (report_count ?? 0) : 0,
    latest_reports: forAdmin ? (latest_reports ?? []) : [],
  };
}
