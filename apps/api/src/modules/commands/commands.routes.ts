import { groupCommandResultsSchema, sendCommandBodySchema, sentCommandSchema } from '@waymark/contracts/command';
import { idSchema } from '@waymark/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { presentCommand } from './commands.presenter';
import { sendCommand, sendToGroup } from './commands.service';

const answerSchema = sentCommandSchema.or(groupCommandResultsSchema);

/**
 * POST /api/commands/send: a saved command (`id`) or an ad-hoc one. Sent at once over the device's open
 * connection (200, 'Command sent'), or queued until it next connects (202, 'Command queued'). With `?groupId=`
 * (Traccar's group command) it goes to each device of the group: one result per device, 202 when any was queued.
 */
export const commandsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/commands/send',
    {
      config: { permissions: ['SEND_COMMAND'] },
      schema: {
        querystring: z.object({ groupId: idSchema.optional() }),
        body: sendCommandBodySchema,
        response: { 200: answerSchema, 202: answerSchema },
      },
    },
    async (req, reply) => {
      const { deviceId, ...command } = req.body;
      if (req.query.groupId) {
        const results = await sendToGroup(ctx, caller(req), req.query.groupId, command);
        const answers = results.map((r) =>
          'row' in r
            ? presentCommand(r.row, r.online ? 'Command sent' : 'Command queued')
            : {
                message: r.error,
                id: 0,
                deviceId: r.deviceId,
                type: command.type ?? '',
                attributes: command.attributes,
                status: 'FAILED' as const,
                expiresAt: null,
              },
        );
        return reply.status(answers.some((a) => a.status === 'QUEUED') ? 202 : 200).send(answers);
      }
      if (!deviceId) throw badRequest('deviceId or groupId is required');
      const { row, online } = await sendCommand(ctx, caller(req), { ...command, deviceId });
      return reply.status(online ? 200 : 202).send(presentCommand(row, online ? 'Command sent' : 'Command queued'));
    },
  );
};
