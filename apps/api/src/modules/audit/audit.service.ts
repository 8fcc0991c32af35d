import type { actionSchema } from '@waymark/contracts/audit';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';

type Action = z.infer<typeof actionSchema>;

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

/** How many actions one GET /api/audit answers at most (a narrower window gives the rest). */
export const AUDIT_MAX_ACTIONS = 10_000;

/**
 * The actions recorded in [from, to), oldest first, in Traccar's Action shape, read through the caller's scope:
 * platform staff see every action, a tenant's users those of their tenants (never the platform's own). More than
 * AUDIT_MAX_ACTIONS in the window is a 400 asking for a narrower one rather than a silently cut list.
 */
export async function auditActions(auth: AuthContext, from: Date, to: Date): Promise<Action[]> {
  const rows = await auth.db.auditLog.findMany({
    where: { createdAt: { gte: from, lt: to } },
    orderBy: { id: 'asc' },
    take: AUDIT_MAX_ACTIONS + 1,
  });
  if (rows.length > AUDIT_MAX_ACTIONS) {
    throw badRequest(`More than ${AUDIT_MAX_ACTIONS} actions in this window: ask for a shorter one`);
  }
  const userIds = [...new Set(rows.flatMap((r) => (r.userId === null ? [] : [r.userId])))];
  const users = await auth.db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } });
  const emails = new Map(users.map((u) => [u.id, u.email]));
  return rows.map((r) => ({
    id: Number(r.id),
    actionTime: r.createdAt.toISOString(),
    address: r.ip,
    userId: r.userId ?? 0,
    userEmail: r.userId === null ? null : (emails.get(r.userId) ?? null),
    actionType: r.action,
    objectType: r.objectType,
    objectId: /^\d+$/.test(r.objectId ?? '') ? Number(r.objectId) : 0,
    attributes: {
      ...((r.details ?? {}) as Record<string, unknown>),
      // an object id that is not a number (a session's uuid) stays readable here
      ...(r.objectId && !/^\d+$/.test(r.objectId) ? { objectId: r.objectId } : {}),
    },
  }));
}
