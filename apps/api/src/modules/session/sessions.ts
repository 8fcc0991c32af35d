import { randomUUID } from 'node:crypto';
import type { Tokens } from '@waymark/contracts/session';
import type { AppContext } from '../../context';
import { randomToken, sha256 } from '../../security/secrets';
import { signToken } from '../../security/tokens';

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

/** The live session a refresh token names, or null. */
export async function findSessionByRefreshToken(ctx: AppContext, refreshToken: string) {
  const id = refreshToken.split('.')[0] ?? '';
  if (!/^[0-9a-f-]{36}$/.test(id)) return null;
  const session = await ctx.db.authSession.findUnique({
    where: { id },
    include: { user: { include: { role: true } } },
  });
  if (!session || session.refreshTokenHash !== sha256(refreshToken)) return null;
  if (session.revokedAt || session.expiresAt <= new Date()) return null;
  return session;
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
