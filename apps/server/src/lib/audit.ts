import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  institutionId: number | null;
  actorProfileId: number | null;
  action: string;
  entityType: string;
  entitySlug?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends one entry to the audit trail (inside the caller's transaction when given one). */
export async function audit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    institutionId: entry.institutionId,
    actorProfileId: entry.actorProfileId,
    action: entry.action,
    entityType: entry.entityType,
    entitySlug: entry.entitySlug ?? null,
    detail: entry.detail ?? null,
  });
}
