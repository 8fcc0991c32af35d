import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { allowedOriginsOf } from '../../env';
import { secondFactorOf } from '../../modules/session/second-factor.service';
import { auditFailedSignIn, clearAccountLimit, hitAccountLimit } from '../../modules/session/sign-in-guard';
import { verifyPassword } from '../../security/password';
import { sha256 } from '../../security/secrets';
import { verifyToken } from '../../security/tokens';
import { VerifiedPasswords } from '../../security/verified-passwords';
import type { AuthContext } from './auth-context';
import { accountProblem, buildAuthContext, tenantProblem } from './auth-context';

/** HttpOnly cookie holding the refresh token: signs in Traccar-style clients and lets the web app refresh. */
export const SESSION_COOKIE = 'waymark_session';

/**
 * Who sent this request: a Bearer access token (the web app), a Bearer API token (POST /api/session/token),
 * HTTP Basic (Traccar's API clients, refused for accounts with a second factor), or the session cookie.
 */
export async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<AuthContext | null> {
  const header = req.headers.authorization;
  if (header?.startsWith('Bearer ')) return bearer(ctx, header.slice(7).trim());
  if (header?.startsWith('Basic ')) return basic(ctx, req, header.slice(6).trim());
  const cookie = req.cookies?.[SESSION_COOKIE];
  if (cookie) {
    if (!sameOrigin(ctx, req)) return null;
    const session = await findSessionByRefreshToken(ctx, cookie);
    if (!session || accountProblem(session.user)) return null;
    return buildAuthContext(ctx.db, session.user, 'cookie', session.id, session.impersonatorId);
  }
  return null;
}

/**
 * A cookie authenticates only requests from our own pages or from clients that send no Origin (Traccar Manager,
 * Home Assistant): a page of another site cannot ride on it, the websocket upgrade included (browsers send the
 * cookie with a cross-site websocket handshake and CORS does not apply to it). Our own pages are those of the
 * public URL, of WAYMARK_ALLOWED_ORIGINS, or of the host the browser asked for: a reverse proxy that rewrites
 * Host tells it in X-Forwarded-Host, which `req.host` reads only from the proxies WAYMARK_TRUST_PROXY names (any
 * client could send the header).
 */
function sameOrigin(ctx: AppContext, req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  if (!URL.canParse(origin)) return false;
  const from = new URL(origin);
  return allowedOriginsOf(ctx.env).has(from.origin) || from.host === req.host;
}

/** An access token (the web app) or an API token, from a Bearer header or the live socket's `?token=`. */
export async function bearer(ctx: AppContext, token: string): Promise<AuthContext | null> {
  const access = await verifyToken(ctx.jwtKey, token, 'access');
  if (access) {
    const session = await ctx.db.authSession.findUnique({
      where: { id: access.id },
      include: { user: { include: { role: true } } },
    });
    if (!session || session.revokedAt || session.expiresAt <= new Date() || session.userId !== access.userId)
      return null;
    if (accountProblem(session.user)) return null;
    return buildAuthContext(ctx.db, session.user, 'bearer', session.id, session.impersonatorId);
  }
  const api = await verifyToken(ctx.jwtKey, token, 'api');
  if (api) return apiToken(ctx, api.id, api.userId);
  return null;
}

export async function apiToken(ctx: AppContext, tokenId: string, userId: number): Promise<AuthContext | null> {
  const row = await ctx.db.apiToken.findUnique({
    where: { id: tokenId },
    include: { user: { include: { role: true } } },
  });
  if (!row || row.revokedAt || row.userId !== userId || (row.expiresAt && row.expiresAt <= new Date())) return null;
  if (accountProblem(row.user) || (await tenantProblem(ctx.db, row.user))) return null;
  return buildAuthContext(ctx.db, row.user, 'api-token');
}

/**
 * HTTP Basic: the password alone, so refused for every account that signing in would ask a second factor of
 * (its own TOTP or email code, or the server's email code). Counted against the same per-account limit as the
 * sign-in form, and a wrong password is audited the same way.
 */
/** HTTP Basic passwords proven in the last minute (a scrypt check per polling request would cost a core). */
const verifiedBasic = new VerifiedPasswords();

async function basic(ctx: AppContext, req: FastifyRequest, encoded: string): Promise<AuthContext | null> {
  const decoded = Buffer.from(encoded, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const email = decoded.slice(0, colon).trim().toLowerCase();
  const limit = await ctx.limiter.hit(`basic:${req.ip}`, 60, 60_000);
  if (!limit.allowed) return null;
  if (!(await hitAccountLimit(ctx, email, req.ip)).allowed) return null;
  const user = await ctx.db.user.findUnique({ where: { email }, include: { role: true } });
  const password = decoded.slice(colon + 1);
  const known = Boolean(user?.passwordHash && verifiedBasic.has(user.passwordHash, password));
  const ok = known || (await verifyPassword(password, user?.passwordHash));
  if (!user || !ok) {
    await auditFailedSignIn(ctx, user, req.ip);
    return null;
  }
  if (!known && user.passwordHash) verifiedBasic.remember(user.passwordHash, password);
  await clearAccountLimit(ctx, email, req.ip);
  if (accountProblem(user) || (await tenantProblem(ctx.db, user)) || (await secondFactorOf(ctx, user))) return null;
  return buildAuthContext(ctx.db, user, 'basic');
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
