import { idParamsSchema, idSchema, listQuerySchema, repeatedSchema } from '@waymark/contracts/common';
import { EVENT_TYPES } from '@waymark/contracts/event';
import { notificationInputSchema, notificationSchema, typeListSchema } from '@waymark/contracts/notification';
import { notificationMessageSchema, notificatorListSchema } from '@waymark/contracts/notificator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { sendAnnouncement, sendTestNotification } from './notification-sends.service';
import { presentNotification } from './notifications.presenter';
import {
  createNotification,
  deleteNotification,
  getNotification,
  listNotifications,
  notificators,
  updateNotification,
} from './notifications.service';

const FLAGS = ['VIEW_NOTIFICATIONS'] as const;
/** announcements go to the users one manages */
const ANNOUNCE = ['ADMIN_ACCOUNT', 'VIEW_USERS'] as const;
const notificatorParamsSchema = z.object({ notificator: z.string().min(1).max(32) });

/**
 * Traccar's /api/notifications: the rules that turn events into messages (devices and groups a rule applies to,
 * unless `always`, are linked through /api/permissions), the event types and channels a rule may name, and a
 * test notification to the caller.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permissions: [...FLAGS] };

  app.get('/notifications/types', { config, schema: { response: { 200: typeListSchema } } }, async () =>
    EVENT_TYPES.map((type) => ({ type })),
  );

  app.get(
    '/notifications/notificators',
    {
      config,
      schema: {
        querystring: z.object({ announcement: z.stringbool().optional() }),
        response: { 200: notificatorListSchema },
      },
    },
    async (req) => notificators(ctx, req.query.announcement),
  );

  app.post(
    '/notifications/test',
    { config, schema: { response: { 204: z.null().describe('sent on every channel') } } },
    async (req, reply) => {
      await sendTestNotification(ctx, caller(req), req.log);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/test/:notificator',
    {
      config,
      schema: { params: notificatorParamsSchema, response: { 204: z.null().describe('sent on that channel') } },
    },
    async (req, reply) => {
      await sendTestNotification(ctx, caller(req), req.log, req.params.notificator);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/send/:notificator',
    {
      config: { permissions: [...ANNOUNCE] },
      schema: {
        params: notificatorParamsSchema,
        querystring: z.object({ userId: repeatedSchema(idSchema, 10_000) }),
        body: notificationMessageSchema,
        response: { 204: z.null().describe('sent to every user the channel reaches') },
      },
    },
    async (req, reply) => {
      await sendAnnouncement(ctx, caller(req), req.params.notificator, req.query.userId, req.body, req.log);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/notifications',
    { config, schema: { querystring: listQuerySchema, response: { 200: z.array(notificationSchema) } } },
    async (req) => (await listNotifications(caller(req), req.query)).map(presentNotification),
  );

  app.get(
    '/notifications/:id',
    { config, schema: { params: idParamsSchema, response: { 200: notificationSchema } } },
    async (req) => presentNotification(await getNotification(caller(req), req.params.id)),
  );

  app.post(
    '/notifications',
    { config, schema: { body: notificationInputSchema, response: { 200: notificationSchema } } },
    async (req) => presentNotification(await createNotification(ctx, caller(req), req.body)),
  );

  app.put(
    '/notifications/:id',
    {
      config,
      schema: { params: idParamsSchema, body: notificationInputSchema, response: { 200: notificationSchema } },
    },
    async (req) => presentNotification(await updateNotification(ctx, caller(req), req.params.id, req.body)),
  );

  app.delete('/notifications/:id', { config, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteNotification(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });
};
