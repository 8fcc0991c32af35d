import { notificatorListSchema } from '@waymark/contracts/notificator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context';
import { HttpError } from '../http-error';
import { caller } from '../plugins/app/auth';
import { configuredChannels } from './channels/registry';
import type { Delivery } from './channels/types';
import { DeliveryError } from './channels/types';
import { asRecipient, serverAttributes } from './compose';
import { pickLanguage, pickSpeedUnit, renderEvent } from './templates/render';

/**
 * GET /api/notifications/notificators: the channels this server offers. POST /api/notifications/test: a test
 * notification to the caller on every channel they can receive (web, mail, and the configured channels for
 * which they have an address).
 */
export const notificationsExtraRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/notifications/notificators',
    {
      config: { permissions: ['VIEW_NOTIFICATIONS'] },
      schema: { response: { 200: notificatorListSchema } },
    },
    async () => configuredChannels(ctx.env).map((c) => ({ type: c.type })),
  );

  app.post(
    '/notifications/test',
    {
      config: { permissions: ['VIEW_NOTIFICATIONS'] },
      schema: { response: { 204: z.null().describe('sent on every channel') } },
    },
    async (req, reply) => {
      const user = asRecipient(caller(req).user);
      const server = await serverAttributes(ctx);
      const now = new Date();
      const message = renderEvent(pickLanguage(user.attributes, server), pickSpeedUnit(user.attributes, server), {
        type: 'test',
        eventTime: now,
        attributes: {},
        deviceName: '',
      });
      const delivery: Delivery = {
        user,
        message,
        event: {
          id: 0,
          type: 'test',
          eventTime: now.toISOString(),
          deviceId: 0,
          positionId: null,
          geofenceId: null,
          maintenanceId: null,
          attributes: {},
        },
        device: null,
        position: null,
        rule: null,
      };
      const failed: string[] = [];
      for (const channel of configuredChannels(ctx.env).filter((c) => c.reaches(user))) {
        try {
          await channel.send(ctx, delivery);
        } catch (err) {
          failed.push(`${channel.type} (${err instanceof DeliveryError ? err.message : 'internal error'})`);
          if (!(err instanceof DeliveryError)) req.log.error({ err }, 'test notification failed');
        }
      }
      if (failed.length) throw new HttpError(502, `Test notification failed on ${failed.join(', ')}`);
      return reply.status(204).send(null);
    },
  );
};
