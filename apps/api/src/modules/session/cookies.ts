import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { publicUrl } from '../../env';

/** HttpOnly cookie holding the refresh token: signs in Traccar-style clients and lets the web app refresh. */
export const SESSION_COOKIE = 'waymark_session';

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, refreshToken: string, persistent = true) {
  reply.setCookie(SESSION_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: publicUrl(ctx.env).startsWith('https:'),
    path: '/',
    // without "remember me" the cookie ends with the browser session
    ...(persistent ? { maxAge: ctx.env.WAYMARK_SESSION_TTL_DAYS * 86_400 } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
