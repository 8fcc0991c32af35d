import { totpChangeSchema, totpSetupSchema } from '@waymark/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { textOrJson } from '../../plugins/app/text-answer';
import { disableTotp, enableTotp, startTotp } from './totp.service';

/**
 * TOTP set-up (page /admin/totp/setup): POST creates a pending secret and its otpauth URI; the first valid
 * code with the current password enables it (replacing an earlier one); DELETE with a valid code and the current
 * password turns it off.
 */
export const totpRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/users/totp',
    { schema: { response: { 200: z.union([totpSetupSchema, z.string()]) } } },
    async (req, reply) => {
      const setup = await startTotp(ctx, caller(req));
      // Traccar answers the secret alone
      return textOrJson(req, reply, setup.secret, setup);
    },
  );

  app.post('/users/totp/verify', { schema: { body: totpChangeSchema } }, async (req, reply) => {
    await enableTotp(ctx, caller(req), req.body, req.ip);
    return reply.status(204).send();
  });

  app.delete('/users/totp', { schema: { body: totpChangeSchema } }, async (req, reply) => {
    await disableTotp(ctx, caller(req), req.body, req.ip);
    return reply.status(204).send();
  });
};
