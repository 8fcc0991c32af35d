import { randomUUID } from 'node:crypto';
import { messages } from '@waymark/contracts/errors';
import type { Tokens } from '@waymark/contracts/session';
import type { AppContext } from '../../context';
import { HttpError, unauthorized } from '../../http-error';
import type { AuthContext, UserWithRole } from '../../plugins/app/auth-context';
import { apiToken, findSessionByRefreshToken } from '../../plugins/app/authenticate';
import { randomToken, sha256 } from '../../security/secrets';
import { signToken, verifyToken } from '../../security/tokens';
import { audit } from '../audit/audit.service';

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
  method?: 'password' | 'oidc' | 'token';
  /** false: a 12-hour session with a browser-session cookie ("remember me" unticked) */
  persistent?: boolean;
}

export const SHORT_SESSION_MS = 12 * 3_600_000;

/**
 * An auth session: a refresh token (`<sessionId>.<secret>`, stored hashed) that lives
 * WAYMARK_SESSION_TTL_DAYS (sliding) and short-lived access tokens bound to it. Revoking the session
 * ends both at once.
 */
export async function createSession(ctx: AppContext, userId: number, meta: SessionMeta): Promise<Tokens> {
  const id = randomUUID();
  const refreshToken = `${id}.${randomToken(32)}`;
  await ctx.db.authSession.create({
    data: {
      id,
      userId,
      refreshTokenHash: sha256(refreshToken),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512),
      method: meta.method ?? 'password',
      persistent: meta.persistent ?? true,
      expiresAt: meta.persistent === false ? new Date(Date.now() + SHORT_SESSION_MS) : sessionExpiry(ctx),
    },
  });
  await ctx.db.user.update({ where: { id: userId }, data: { lastLoginAt: new Date() } });
  return { ...(await accessToken(ctx, userId, id)), refreshToken };
}

export async function accessToken(ctx: AppContext, userId: number, sessionId: string) {
  const expiresAt = new Date(Date.now() + ctx.env.WAYMARK_ACCESS_TOKEN_TTL * 1000);
  const token = await signToken(ctx.jwtKey, 'access', String(userId), sessionId, expiresAt);
  return { accessToken: token, accessTokenExpiresAt: expiresAt.toISOString() };
}

export function sessionExpiry(ctx: AppContext): Date {
  return new Date(Date.now() + ctx.env.WAYMARK_SESSION_TTL_DAYS * 86_400_000);
}

export async function refreshSession(
  ctx: AppContext,
  refreshToken: string,
): Promise<(Tokens & { persistent: boolean }) | null> {
  const session = await findSessionByRefreshToken(ctx, refreshToken);
  if (!session) return null;
  await ctx.db.authSession.update({
    where: { id: session.id },
    // persistent sessions slide; a short one keeps its fixed end
    data: { lastUsedAt: new Date(), ...(session.persistent ? { expiresAt: sessionExpiry(ctx) } : {}) },
  });
  return { ...(await accessToken(ctx, session.userId, session.id)), refreshToken, persistent: session.persistent };
}

export async function revokeSession(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db.authSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: new Date() } });
}

export async function revokeAllSessions(ctx: AppContext, userId: number): Promise<void> {
  await ctx.db.authSession.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
}

/** Traccar's GET /api/session?token=: an API token opens a session of its user (a 401 when it is not valid). */
export async function signInWithApiToken(
  ctx: AppContext,
  token: string,
  meta: SessionMeta,
): Promise<{ user: UserWithRole; tokens: Tokens }> {
  const verified = await verifyToken(ctx.jwtKey, token, 'api');
  const auth = verified ? await apiToken(ctx, verified.id, verified.userId) : null;
  if (!auth) throw unauthorized('Invalid or expired token');
  return { user: auth.user, tokens: await createSession(ctx, auth.user.id, { ...meta, method: 'token' }) };
}

/** Ends the caller's session (when the request came with one). */
export async function signOut(ctx: AppContext, auth: AuthContext | null, ip: string): Promise<void> {
  if (!auth?.sessionId) return;
  await revokeSession(ctx, auth.sessionId);
  await audit(ctx, { action: 'session.revoked', userId: auth.user.id, tenantId: auth.user.tenantId, ip });
}

/** A long-lived API token of the caller (Traccar's POST /api/session/token), until `expiresAt` or revoked. */
export async function createApiToken(ctx: AppContext, auth: AuthContext, expiresAt?: Date): Promise<string> {
  if (expiresAt && expiresAt <= new Date()) throw new HttpError(400, 'Expiration must be in the future');
  const row = await ctx.db.apiToken.create({ data: { id: randomUUID(), userId: auth.user.id, expiresAt } });
  const token = await signToken(ctx.jwtKey, 'api', String(auth.user.id), row.id, expiresAt);
  await audit(ctx, { action: 'token.created', userId: auth.user.id, tenantId: auth.user.tenantId, objectId: row.id });
  return token;
}

/** Revokes one of the caller's own API tokens. */
export async function revokeApiToken(ctx: AppContext, auth: AuthContext, token: string): Promise<void> {
  const verified = await verifyToken(ctx.jwtKey, token, 'api');
  if (!verified || verified.userId !== auth.user.id) throw new HttpError(400, messages.invalidToken);
  await ctx.db.apiToken.updateMany({ where: { id: verified.id, revokedAt: null }, data: { revokedAt: new Date() } });
}
