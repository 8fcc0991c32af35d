import { randomUUID } from 'node:crypto';
import { messages } from '@waymark/contracts/errors';
import type { ApiToken, Tokens } from '@waymark/contracts/session';
import type { AppContext } from '../../context';
import { forbidden, HttpError, notFound, unauthorized } from '../../http-error';
import type { AuthContext, UserWithRole } from '../../plugins/app/auth-context';
import { apiToken, findSessionByRefreshToken } from '../../plugins/app/authenticate';
import { randomToken, sha256 } from '../../security/secrets';
import { signToken, verifyToken } from '../../security/tokens';
import { audit } from '../audit/audit.service';

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
  method?: 'password' | 'oidc' | 'token' | 'impersonation';
  /** an administrator opening the session as the user: marked on the session, and not the user's sign-in */
  impersonatorId?: number;
  /** false: a 12-hour session with a browser-session cookie ("remember me" unticked) */
  persistent?: boolean;
}

/** A session opened with an API token (GET /api/session?token=) is marked with the token's id, to end with it. */
const tokenMethod = (tokenId: string) => `token:${tokenId}`;

export const SHORT_SESSION_MS = 12 * 3_600_000;

/**
 * An auth session: a refresh token (`<sessionId>.<secret>`, stored hashed) that lives
 * WAYMARK_SESSION_TTL_DAYS (sliding) and short-lived access tokens bound to it. Revoking the session
 * ends both at once.
 */
export async function createSession(
  ctx: AppContext,
  userId: number,
  meta: SessionMeta & { apiToken?: { id: string; expiresAt: Date | null } },
): Promise<Tokens> {
  const id = randomUUID();
  const { apiToken: fromToken } = meta;
  // a session opened with an API token never outlives it: it slides only when the token does not end
  const persistent = fromToken ? fromToken.expiresAt === null : (meta.persistent ?? true);
  const ends = fromToken?.expiresAt ?? (persistent ? sessionExpiry(ctx) : new Date(Date.now() + SHORT_SESSION_MS));
  const expiresAt = new Date(Math.min(ends.getTime(), sessionExpiry(ctx).getTime()));
  const refreshToken = `${id}.${randomToken(32)}`;
  await ctx.db.authSession.create({
    data: {
      id,
      userId,
      refreshTokenHash: sha256(refreshToken),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 512),
      method: fromToken ? tokenMethod(fromToken.id) : (meta.method ?? 'password'),
      persistent,
      expiresAt,
      impersonatorId: meta.impersonatorId ?? null,
    },
  });
  if (!meta.impersonatorId) await ctx.db.user.update({ where: { id: userId }, data: { lastLoginAt: new Date() } });
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

/**
 * Ends every credential of a user (after a password reset or change, or when the account is disabled): the
 * sessions but `keepSessionId` (the caller's own, on a change of one's own password), every API token, and the
 * user's open websockets.
 */
export async function revokeCredentials(
  ctx: AppContext,
  userId: number,
  reason: string,
  keepSessionId?: string,
): Promise<void> {
  const now = new Date();
  await ctx.db.$transaction([
    ctx.db.authSession.updateMany({
      where: { userId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
      data: { revokedAt: now },
    }),
    ctx.db.apiToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } }),
  ]);
  await ctx.live.disconnect({ userIds: [userId], reason });
}

/** Traccar's GET /api/session?token=: an API token opens a session of its user (a 401 when it is not valid). */
export async function signInWithApiToken(
  ctx: AppContext,
  token: string,
  meta: SessionMeta,
): Promise<{ user: UserWithRole; tokens: Tokens; persistent: boolean }> {
  const verified = await verifyToken(ctx.jwtKey, token, 'api');
  const auth = verified ? await apiToken(ctx, verified.id, verified.userId) : null;
  const row = auth && verified ? await ctx.db.apiToken.findUnique({ where: { id: verified.id } }) : null;
  if (!auth || !row) throw unauthorized('Invalid or expired token');
  const tokens = await createSession(ctx, auth.user.id, { ...meta, apiToken: row });
  return { user: auth.user, tokens, persistent: row.expiresAt === null };
}

/** Ends the caller's session (when the request came with one). */
export async function signOut(ctx: AppContext, auth: AuthContext | null, ip: string): Promise<void> {
  if (!auth?.sessionId) return;
  await revokeSession(ctx, auth.sessionId);
  await ctx.live.disconnect({ sessionIds: [auth.sessionId], reason: 'Signed out' });
  await audit(ctx, { action: 'session.revoked', userId: auth.user.id, tenantId: auth.user.tenantId, ip });
}

/** A long-lived API token of the caller (Traccar's POST /api/session/token), until `expiresAt` or revoked. */
export async function createApiToken(ctx: AppContext, auth: AuthContext, expiresAt?: Date): Promise<string> {
  // a token would outlive the administrator's "connect as user" session and act as the user without a trace of it
  if (auth.impersonatorId) throw forbidden('API tokens cannot be created while connected as another user');
  if (expiresAt && expiresAt <= new Date()) throw new HttpError(400, 'Expiration must be in the future');
  const row = await ctx.db.apiToken.create({ data: { id: randomUUID(), userId: auth.user.id, expiresAt } });
  const token = await signToken(ctx.jwtKey, 'api', String(auth.user.id), row.id, expiresAt);
  await audit(ctx, { action: 'token.created', userId: auth.user.id, tenantId: auth.user.tenantId, objectId: row.id });
  return token;
}

/** The caller's API tokens that still work, newest first. */
export async function listApiTokens(ctx: AppContext, auth: AuthContext): Promise<ApiToken[]> {
  const rows = await ctx.db.apiToken.findMany({
    where: { userId: auth.user.id, revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
    orderBy: { createdAt: 'desc' },
  });
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
}

/** Revokes API tokens of the caller (the one given, or all), with the sessions opened with them. */
async function revokeTokens(ctx: AppContext, auth: AuthContext, tokenId?: string): Promise<number> {
  const where = { userId: auth.user.id, revokedAt: null, ...(tokenId ? { id: tokenId } : {}) };
  const ids = (await ctx.db.apiToken.findMany({ where, select: { id: true } })).map((r) => r.id);
  if (ids.length === 0) return 0;
  const now = new Date();
  const sessions = await ctx.db.authSession.findMany({
    where: { userId: auth.user.id, revokedAt: null, method: { in: ids.map(tokenMethod) } },
    select: { id: true },
  });
  await ctx.db.$transaction([
    ctx.db.apiToken.updateMany({ where: { ...where, id: { in: ids } }, data: { revokedAt: now } }),
    ctx.db.authSession.updateMany({ where: { id: { in: sessions.map((x) => x.id) } }, data: { revokedAt: now } }),
  ]);
  await ctx.live.disconnect({ sessionIds: sessions.map((x) => x.id), reason: 'Token revoked' });
  await audit(ctx, {
    action: 'token.revoked',
    userId: auth.user.id,
    tenantId: auth.user.tenantId,
    ...(tokenId ? { objectId: tokenId } : { details: { count: ids.length } }),
  });
  return ids.length;
}

/** Revokes one API token of the caller by its id (a 404 for another user's or an unknown one). */
export async function revokeApiTokenById(ctx: AppContext, auth: AuthContext, tokenId: string): Promise<void> {
  if ((await revokeTokens(ctx, auth, tokenId)) === 0) throw notFound();
}

/** Revokes every API token of the caller. */
export async function revokeAllApiTokens(ctx: AppContext, auth: AuthContext): Promise<void> {
  await revokeTokens(ctx, auth);
}

/** Revokes one of the caller's own API tokens. */
export async function revokeApiToken(ctx: AppContext, auth: AuthContext, token: string): Promise<void> {
  const verified = await verifyToken(ctx.jwtKey, token, 'api');
  if (!verified || verified.userId !== auth.user.id) throw new HttpError(400, messages.invalidToken);
  await revokeTokens(ctx, auth, verified.id);
}
