import type { PageQuery } from '@waymark/contracts/common';
import type { AuditEntry, UserDetails, UserSession } from '@waymark/contracts/user-admin';
import type { Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { pageOf } from '../shared/v2';
import { presentUser } from './users.presenter';
import { checkManageable, readUser } from './users.service';

/** Rows of one page of a user's devices, sessions and audit trail in the details view. */
const DETAILS_PAGE = 10;

/** Audit rows about the user (objectType user, objectId the user's id) or by the user. */
const auditWhere = (id: number): Prisma.AuditLogWhereInput => ({
  OR: [{ userId: id }, { objectType: 'user', objectId: String(id) }],
});

/** A page of the audit trail of a visible user, newest first. */
export async function userAuditPage(auth: AuthContext, id: number, q: Pick<PageQuery, 'page' | 'size'>) {
  await readUser(auth, id);
  const where = auditWhere(id);
  const [total, rows] = await Promise.all([
    auth.db.auditLog.count({ where }),
    auth.db.auditLog.findMany({ where, orderBy: { id: 'desc' }, skip: q.page * q.size, take: q.size }),
  ]);
  const content: AuditEntry[] = rows.map((r) => ({
    id: String(r.id),
    action: r.action,
    userId: r.userId,
    objectType: r.objectType,
    objectId: r.objectId,
    ip: r.ip,
    details: (r.details ?? {}) as Record<string, unknown>,
    createdAt: r.createdAt.toISOString(),
  }));
  return pageOf({ page: q.page, size: q.size, sortOrder: 'desc' }, content, total);
}

/** The user's sessions that can still be used, most recently used first; never a token or its hash. */
async function openSessions(ctx: AppContext, userId: number): Promise<UserSession[]> {
  const rows = await ctx.db.authSession.findMany({
    where: { userId, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { lastUsedAt: 'desc' },
    take: 100,
    select: {
      id: true,
      ip: true,
      userAgent: true,
      method: true,
      createdAt: true,
      lastUsedAt: true,
      expiresAt: true,
      impersonator: { select: { id: true, name: true } },
    },
  });
  return rows.map((r) => ({
    id: r.id,
    ip: r.ip,
    userAgent: r.userAgent,
    // an API token's session is named `token:<id>`: the id is not shown
    method: r.method.startsWith('token:') ? 'token' : r.method,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    impersonatedBy: r.impersonator,
  }));
}

/** Everything the admin details page shows of one visible user. */
export async function userDetails(ctx: AppContext, auth: AuthContext, id: number): Promise<UserDetails> {
  const user = await readUser(auth, id);
  const devicesWhere: Prisma.DeviceWhereInput = { OR: [{ userId: id }, { userDevices: { some: { userId: id } } }] };
  const [tenant, sessions, deviceCount, devices, auditPage] = await Promise.all([
    user.tenantId ? ctx.db.tenant.findUnique({ where: { id: user.tenantId }, select: { id: true, name: true } }) : null,
    openSessions(ctx, id),
    auth.db.device.count({ where: devicesWhere }),
    auth.db.device.findMany({
      where: devicesWhere,
      orderBy: { name: 'asc' },
      take: DETAILS_PAGE,
      select: { id: true, name: true, uniqueId: true, status: true },
    }),
    userAuditPage(auth, id, { page: 0, size: DETAILS_PAGE }),
  ]);
  return {
    user: presentUser(user),
    role: user.role ? { id: user.role.id, name: user.role.name } : null,
    tenant,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    twoFactor: { totp: user.totpKey !== null, emailOtp: user.emailOtp },
    sessions,
    devices: pageOf({ page: 0, size: DETAILS_PAGE, sortOrder: 'asc' }, devices, deviceCount),
    audit: auditPage,
  };
}

/** Ends one session of a user the caller manages (or one of the caller's own), and closes its sockets. */
export async function revokeUserSession(
  ctx: AppContext,
  auth: AuthContext,
  userId: number,
  sessionId: string,
): Promise<void> {
  const user = await readUser(auth, userId);
  if (userId !== auth.user.id) await checkManageable(auth, user);
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) throw notFound();
  const { count } = await ctx.db.authSession.updateMany({
    where: { id: sessionId, userId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  if (count === 0) throw notFound();
  await ctx.live.disconnect({ sessionIds: [sessionId], reason: 'Session ended' });
  await audit(ctx, {
    action: 'session.revoked',
    userId: auth.user.id,
    tenantId: user.tenantId,
    objectType: 'user',
    objectId: userId,
    details: { sessionId },
  });
}

/** Refuses to disable one's own account (it would end the caller's session with no way back). */
export function checkNotSelf(auth: AuthContext, id: number): void {
  if (id === auth.user.id) throw forbidden('You cannot disable your own account');
}
