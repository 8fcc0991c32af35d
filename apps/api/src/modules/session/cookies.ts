import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { publicUrl } from '../../env';
import { SESSION_COOKIE } from '../../plugins/app/authenticate';

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
