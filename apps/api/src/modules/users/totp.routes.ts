import { messages } from '@waymark/contracts/errors';
import { totpCodeSchema, totpSetupSchema } from '@waymark/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { generateSecret, generateURI } from 'otplib';
import type { AppContext } from '../../context';
import { HttpError } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { verifyTotp } from '../session/second-factor';

/**
 * TOTP set-up (page /admin/totp/setup): POST creates a pending secret and its otpauth URI; the first valid
 * code enables it; DELETE with a valid code turns it off.
 */
export const totpRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post('/users/totp', { schema: { response: { 200: totpSetupSchema } } }, async (req) => {
    const auth = caller(req);
    const secret = generateSecret({ length: 20 });
    await ctx.db.user.update({ where: { id: auth.user.id }, data: { totpPendingKey: secret } });
    const uri = generateURI({ issuer: 'Waymark', label: auth.user.email, secret });
    return { secret, uri };
  });

  app.post('/users/totp/verify', { schema: { body: totpCodeSchema } }, async (req, reply) => {
    const auth = caller(req);
    const limit = await ctx.limiter.hit(`totp:setup:${auth.user.id}`, 10, 15 * 60_000);
    if (!limit.allowed) throw new HttpError(429, messages.tooManyAttempts);
    const pending = auth.user.totpPendingKey;
    if (!pending || !(await verifyTotp(pending, req.body.code))) throw new HttpError(400, messages.invalidCode);
    await ctx.db.user.update({ where: { id: auth.user.id }, data: { totpKey: pending, totpPendingKey: null } });
    await audit(ctx, { action: 'totp.enabled', userId: auth.user.id, tenantId: auth.user.tenantId, ip: req.ip });
    return reply.status(204).send();
  });

  app.delete('/users/totp', { schema: { body: totpCodeSchema } }, async (req, reply) => {
    const auth = caller(req);
    const limit = await ctx.limiter.hit(`totp:setup:${auth.user.id}`, 10, 15 * 60_000);
    if (!limit.allowed) throw new HttpError(429, messages.tooManyAttempts);
    if (!auth.user.totpKey || !(await verifyTotp(auth.user.totpKey, req.body.code))) {
      throw new HttpError(400, messages.invalidCode);
    }
    await ctx.db.user.update({ where: { id: auth.user.id }, data: { totpKey: null, totpPendingKey: null } });
    await audit(ctx, { action: 'totp.disabled', userId: auth.user.id, tenantId: auth.user.tenantId, ip: req.ip });
    return reply.status(204).send();
  });
};
