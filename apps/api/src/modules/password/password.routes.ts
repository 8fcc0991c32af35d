import { messages } from '@waymark/contracts/errors';
import { passwordResetRequestSchema, passwordUpdateSchema } from '@waymark/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requestPasswordReset, setPasswordByLink } from './password.service';

/**
 * Password reset by an emailed link (/password/reset/{token}, one hour, single use) and the first password
 * of invited users (/password/create/{token}); both end at POST /api/password/update.
 */
export const passwordRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/password/reset',
    { config: { auth: 'public' }, schema: { body: passwordResetRequestSchema } },
    async (req, reply) => {
      await requestPasswordReset(ctx, req.body.email, req.ip);
      // the same answer whether the account exists or not
      return reply.status(200).send({ message: messages.checkEmail });
    },
  );

  app.post(
    '/password/update',
    { config: { auth: 'public' }, schema: { body: passwordUpdateSchema } },
    async (req, reply) => {
      await setPasswordByLink(ctx, req.body.token, req.body.password, req.ip);
      return reply.status(200).send({ message: messages.passwordSet });
    },
  );
};
