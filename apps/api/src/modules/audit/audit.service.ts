import type { AppContext } from '../../context';

export interface AuditEntry {
  action: string;
  userId?: number | null;
  tenantId?: number | null;
  objectType?: string;
  objectId?: string | number;
  ip?: string;
  details?: Record<string, unknown>;
}

/** Appends to the audit log; never carries secrets (callers pass ids and names only). */
export async function audit(ctx: AppContext, entry: AuditEntry): Promise<void> {
  await ctx.db.auditLog.create({
    data: {
      action: entry.action,
      userId: entry.userId ?? null,
      tenantId: entry.tenantId ?? null,
      objectType: entry.objectType,
      objectId: entry.objectId === undefined ? undefined : String(entry.objectId),
      ip: entry.ip,
      details: (entry.details ?? {}) as object,
    },
  });
}
