import { sendCommandSchema, sentCommandSchema } from '@waymark/contracts/command';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { presentCommand } from './commands.presenter';
import { sendCommand } from './commands.service';

/**
 * POST /api/commands/send: a saved command (`id`) or an ad-hoc one. Sent at once over the device's open
 * connection (200, 'Command sent'), or queued until it next connects (202, 'Command queued').
 */
export const commandsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/commands/send',
    {
      config: { permissions: ['SEND_COMMAND'] },
      schema: { body: sendCommandSchema, response: { 200: sentCommandSchema, 202: sentCommandSchema } },
    },
    async (req, reply) => {
      const { row, online } = await sendCommand(ctx, caller(req), req.body);
      return reply.status(online ? 200 : 202).send(presentCommand(row, online ? 'Command sent' : 'Command queued'));
    },
  );
};
