import type { Tokens } from '@waymark/contracts/session';
import type { AppContext } from '../../context';
import { forbidden, HttpError } from '../../http-error';
import type { AuthContext, UserWithRole } from '../../plugins/app/auth-context';
import { accountProblem, effectivePermissions } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { createSession, revokeSession, type SessionMeta } from '../session/session.service';
import { getUser } from './users.service';

/**
 * "Connect as user": platform staff holding ADMIN_ACCOUNT open a short session (12 hours, browser-session cookie)
 * as another user to see what they see. Never as an administrator or anyone holding ADMIN_ACCOUNT, never as a user
 * holding a flag the caller lacks, never from a session that is itself an impersonation. The session carries the
 * caller's id (auth_sessions.impersonatorId), so every answer about it names who is behind it, and both ends are
 * audited. The caller's own session ends: the browser now holds the impersonated one, and ending it signs the
 * administrator in again.
 */
export async function impersonate(
  ctx: AppContext,
  auth: AuthContext,
  targetId: number,
  meta: SessionMeta,
): Promise<{ user: UserWithRole; tokens: Tokens }> {
  if (!auth.scope.platform || !auth.permissions.includes('ADMIN_ACCOUNT')) {
    throw forbidden('Only platform administrators can connect as another user');
  }
  if (auth.impersonatorId) throw forbidden('Return to your own account before connecting as another user');
  if (targetId === auth.user.id) throw forbidden('You are already signed in as yourself');
  const target = await getUser(auth, targetId);
  const flags = effectivePermissions(target);
  if (target.administrator || flags.includes('ADMIN_ACCOUNT')) {
    throw forbidden('You cannot connect as another administrator');
  }
  if (!auth.user.administrator && flags.some((p) => !auth.permissions.includes(p))) {
    throw forbidden('This user holds permissions you do not hold');
  }
  const problem = accountProblem(target);
  if (problem) throw new HttpError(409, `You cannot connect as this user: ${problem}`);
  const tokens = await createSession(ctx, target.id, {
    ...meta,
    method: 'impersonation',
    persistent: false,
    impersonatorId: auth.user.id,
  });
  if (auth.sessionId) {
    await revokeSession(ctx, auth.sessionId);
    await ctx.live.disconnect({ sessionIds: [auth.sessionId], reason: 'Connected as another user' });
  }
  await audit(ctx, {
    action: 'user.impersonation_started',
    userId: auth.user.id,
    tenantId: target.tenantId,
    objectType: 'user',
    objectId: target.id,
    ip: meta.ip,
    details: { administrator: auth.user.name, user: target.name },
  });
  return { user: target, tokens };
}

/**
 * Ends an impersonated session and opens a new session of the administrator behind it (a browser-session one),
 * when that administrator may still sign in and still holds ADMIN_ACCOUNT; otherwise only the impersonation ends
 * (null: the browser signs in again).
 */
export async function endImpersonation(
  ctx: AppContext,
  auth: AuthContext,
  meta: SessionMeta,
): Promise<{ user: UserWithRole; tokens: Tokens } | null> {
  const adminId = auth.impersonatorId;
  if (!adminId || !auth.sessionId) throw new HttpError(400, 'This session is not connected as another user');
  await revokeSession(ctx, auth.sessionId);
  await ctx.live.disconnect({ sessionIds: [auth.sessionId], reason: 'Returned to the administrator account' });
  await audit(ctx, {
    action: 'user.impersonation_ended',
    userId: adminId,
    tenantId: auth.user.tenantId,
    objectType: 'user',
    objectId: auth.user.id,
    ip: meta.ip,
  });
  const admin = await ctx.db.user.findUnique({ where: { id: adminId }, include: { role: true } });
  const restorable =
    admin && !accountProblem(admin) && admin.tenantId === null && effectivePermissions(admin).includes('ADMIN_ACCOUNT');
  if (!admin || !restorable) return null;
  const tokens = await createSession(ctx, admin.id, { ...meta, persistent: false });
  return { user: admin, tokens };
}

/** The administrator behind an impersonated session, for the answers that mark it. */
export async function impersonatorOf(ctx: AppContext, auth: AuthContext): Promise<{ id: number; name: string } | null> {
  if (!auth.impersonatorId) return null;
  return ctx.db.user.findUnique({ where: { id: auth.impersonatorId }, select: { id: true, name: true } });
}
