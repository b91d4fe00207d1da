import type { RevisionKind } from '@zaytoon/contract';
import type pg from 'pg';

/**
 * Who is writing a business, and why: the businesses_record_revision trigger (migration 009) reads it for the
 * revision it writes. Call it inside the write's transaction, before the write; it lasts until that transaction ends.
 * `actorId` null: nobody to name. Without it, a write is still recorded ('create' or 'edit', actor unknown).
 * The kind 'seed' (demo and scale seeds only) records nothing.
 */
export async function setRevisionContext(client: pg.PoolClient, context: { kind: RevisionKind | 'seed'; actorId: number | null }): Promise<void> {
  await client.query("SELECT set_config('zaytoon.revision_kind', $1, true), set_config('zaytoon.actor_id', $2, true)", [
    context.kind,
    context.actorId === null ? '' : String(context.actorId),
  ]);
}
