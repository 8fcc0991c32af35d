import { sendCommandSchema, sentCommandSchema } from '@waymark/contracts/command';
import { messages } from '@waymark/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { badRequest, forbidden, HttpError } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { protocolSupports } from './command-support';
import { presentCommand } from './commands.presenter';
import { sendOrQueue } from './commands.service';

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
      const auth = caller(req);
      if (auth.user.readonly) throw forbidden();
      const body = req.body;
      const device = found(await auth.db.device.findUnique({ where: { id: body.deviceId } }), messages.deviceNotFound);
      let type = body.type;
      let attributes = body.attributes;
      if (body.id) {
        const saved = found(await auth.db.command.findUnique({ where: { id: body.id } }), 'Command not found');
        type = saved.type;
        attributes = { ...(saved.attributes as typeof attributes), ...attributes };
      } else if (auth.user.limitCommands && !auth.user.administrator) {
        throw forbidden('Only saved commands may be sent from this account');
      }
      if (!type) throw badRequest();
      if (device.disabled) throw new HttpError(409, 'The device is disabled');
      if (device.positionId !== null) {
        const latest = await ctx.db.position.findFirst({
          where: { id: device.positionId },
          select: { protocol: true },
        });
        if (latest?.protocol && protocolSupports(latest.protocol, type, attributes) === false) {
          throw badRequest(`The device's protocol (${latest.protocol}) has no ${type} command`);
        }
      }
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt <= new Date()) throw badRequest('expiresAt must be in the future');
      const { row, online } = await sendOrQueue(ctx, device, {
        type,
        attributes,
        textChannel: body.textChannel,
        expiresAt,
        createdById: auth.user.id,
      });
      await audit(ctx, {
        action: online ? 'command.sent' : 'command.queued',
        userId: auth.user.id,
        tenantId: device.tenantId,
        objectType: 'device',
        objectId: device.id,
        details: { type },
      });
      return reply.status(online ? 200 : 202).send(presentCommand(row, online ? 'Command sent' : 'Command queued'));
    },
  );
};
