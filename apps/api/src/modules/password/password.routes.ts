import { messages } from '@waymark/contracts/errors';
import { passwordResetRequestSchema, passwordUpdateSchema } from '@waymark/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { HttpError, tooManyRequests } from '../../http-error';
import { hashPassword } from '../../security/password';
import { sha256 } from '../../security/secrets';
import { audit } from '../audit/audit';
import { revokeAllSessions } from '../session/sessions';
import { mailPasswordLink } from './password-links';

/**
 * Password reset by an emailed link (/password/reset/{token}, one hour, single use) and the first password
 * of invited users (/password/create/{token}); both end at POST /api/password/update.
 */
export const passwordRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/password/reset',
    { config: { auth: 'public' }, schema: { body: passwordResetRequestSchema } },
    async (req, reply) => {
      const email = req.body.email.trim().toLowerCase();
      const byIp = await ctx.limiter.hit(`reset:ip:${req.ip}`, 20, 60 * 60_000);
      const byAcct = await ctx.limiter.hit(`reset:acct:${email}`, 3, 60 * 60_000);
      if (!byIp.allowed) throw tooManyRequests(byIp.retryAfterMs);
      const user = await ctx.db.user.findUnique({ where: { email } });
      // The answer is the same whether the account exists or not.
      if (user && byAcct.allowed && !user.disabled) {
        await mailPasswordLink(ctx, user, 'PASSWORD_RESET');
        await audit(ctx, { action: 'password.reset_requested', userId: user.id, tenantId: user.tenantId, ip: req.ip });
      }
      return reply.status(200).send({ message: messages.checkEmail });
    },
  );

  app.post(
    '/password/update',
    { config: { auth: 'public' }, schema: { body: passwordUpdateSchema } },
    async (req, reply) => {
      const limit = await ctx.limiter.hit(`reset:update:${req.ip}`, 30, 60 * 60_000);
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterMs);
      const row = await ctx.db.oneTimeCode.findFirst({
        where: {
          codeHash: sha256(req.body.token),
          purpose: { in: ['PASSWORD_RESET', 'PASSWORD_CREATE'] },
          usedAt: null,
          expiresAt: { gt: new Date() },
        },
      });
      if (!row) throw new HttpError(400, messages.invalidToken);
      const passwordHash = await hashPassword(req.body.password);
      // The token is claimed by a conditional update so that concurrent requests cannot all use it.
      const claimed = await ctx.db.$transaction(async (tx) => {
        const used = await tx.oneTimeCode.updateMany({
          where: { id: row.id, usedAt: null, expiresAt: { gt: new Date() } },
          data: { usedAt: new Date() },
        });
        if (used.count !== 1) return false;
        await tx.user.update({ where: { id: row.userId }, data: { passwordHash } });
        await tx.oneTimeCode.updateMany({
          where: { userId: row.userId, purpose: { in: ['PASSWORD_RESET', 'PASSWORD_CREATE'] }, usedAt: null },
          data: { usedAt: new Date() },
        });
        return true;
      });
      if (!claimed) throw new HttpError(400, messages.invalidToken);
      await revokeAllSessions(ctx, row.userId);
      await audit(ctx, { action: 'password.changed', userId: row.userId, ip: req.ip });
      return reply.status(200).send({ message: messages.passwordSet });
    },
  );
};
