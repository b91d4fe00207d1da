import type { Queryable } from '../db/pool';

export interface AuditEntry {
  /** null: a decision taken outside the API, by whoever runs the admin command line. */
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: number;
  details?: Record<string, unknown>;
}

/** Who decided what, and when: one row per admin decision. */
export class AuditRepository {
  constructor(private readonly db: Queryable) {}

  async record(entry: AuditEntry): Promise<void> {
    // The actor may have deleted their account since deciding (a queued job runs later): keep the row, without them.
    await this.db.query(
      `INSERT INTO audit_log (actor_id, action, target_type, target_id, details)
       VALUES ((SELECT id FROM users WHERE id = $1), $2, $3, $4, $5)`,
      [entry.actorId, entry.action, entry.targetType, entry.targetId, JSON.stringify(entry.details ?? {})],
    );
  }
}
