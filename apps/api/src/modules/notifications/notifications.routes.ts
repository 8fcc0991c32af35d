import { EVENT_TYPES } from '@waymark/contracts/event';
import { notificationInputSchema, notificationSchema, typeListSchema } from '@waymark/contracts/notification';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forgetRules } from '../../events/dispatch';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { checkNotReadonly } from '../devices/devices.service';
import { listPage, listQuerySchema } from '../shared/list-query';
import { presentNotification } from './notifications.presenter';
import { notificationData, notificationFilter, ruleTenant } from './notifications.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const FLAGS = ['VIEW_NOTIFICATIONS'] as const;
const NOT_FOUND = 'Notification not found';

/**
 * Traccar's /api/notifications: the rules that turn events into messages. Devices and groups a rule applies to
 * (unless `always`) are linked through /api/permissions.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/notifications/types',
    { config: { permissions: [...FLAGS] }, schema: { response: { 200: typeListSchema } } },
    async () => EVENT_TYPES.map((type) => ({ type })),
  );

  app.get(
    '/notifications',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(notificationSchema) } },
    },
    async (req) => {
      const auth = caller(req);
      const rows = await auth.db.notification.findMany({
        where: await notificationFilter(auth, req.query),
        orderBy: { id: 'asc' },
        ...listPage(req.query),
      });
      return rows.map(presentNotification);
    },
  );

  app.get(
    '/notifications/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams, response: { 200: notificationSchema } } },
    async (req) =>
      presentNotification(
        found(await caller(req).db.notification.findUnique({ where: { id: req.params.id } }), NOT_FOUND),
      ),
  );

  app.post(
    '/notifications',
    {
      config: { permissions: [...FLAGS] },
      schema: { body: notificationInputSchema, response: { 200: notificationSchema } },
    },
    async (req) => {
      const auth = caller(req);
      await checkNotReadonly(ctx, auth);
      const tenantId = ruleTenant(auth, req.body.tenantId);
      const row = await auth.db.notification.create({
        data: { ...(await notificationData(auth, req.body)), tenantId },
      });
      forgetRules(row.tenantId);
      await audit(ctx, {
        action: 'notification.created',
        userId: auth.user.id,
        tenantId,
        objectType: 'notification',
        objectId: row.id,
      });
      return presentNotification(row);
    },
  );

  app.put(
    '/notifications/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: { params: idParams, body: notificationInputSchema, response: { 200: notificationSchema } },
    },
    async (req) => {
      const auth = caller(req);
      found(await auth.db.notification.findUnique({ where: { id: req.params.id }, select: { id: true } }), NOT_FOUND);
      await checkNotReadonly(ctx, auth);
      const row = await auth.db.notification.update({
        where: { id: req.params.id },
        data: await notificationData(auth, req.body),
      });
      forgetRules(row.tenantId);
      await audit(ctx, {
        action: 'notification.updated',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'notification',
        objectId: row.id,
      });
      return presentNotification(row);
    },
  );

  app.delete(
    '/notifications/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const row = found(await auth.db.notification.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      await checkNotReadonly(ctx, auth);
      await auth.db.$transaction([
        auth.db.userLink.deleteMany({ where: { kind: 'notification', objectId: row.id } }),
        auth.db.notification.delete({ where: { id: row.id } }),
      ]);
      forgetRules(row.tenantId);
      await audit(ctx, {
        action: 'notification.deleted',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'notification',
        objectId: row.id,
      });
      return reply.status(204).send();
    },
  );
};
