import { billingNotificationInputSchema, billingNotificationSchema } from '@waymark/contracts/billing';
import { dataSchema, idParamsSchema } from '@waymark/contracts/common';
import type { Permission } from '@waymark/contracts/permissions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import {
  createBillingNotification,
  deleteBillingNotification,
  listBillingNotifications,
  presentBillingNotification,
  setBillingNotificationEnabled,
  updateBillingNotification,
} from './billing-notifications.service';

const FLAGS: Permission[] = ['VIEW_BILLING_NOTIFICATIONS'];
const one = { 200: dataSchema(billingNotificationSchema) };

/** /api/v2/billing/notification: the rules that mail tenants about expiries, overdue invoices and device limits. */
export const billingNotificationsV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/billing/notification/all',
    { config: { permissions: FLAGS }, schema: { response: { 200: dataSchema(z.array(billingNotificationSchema)) } } },
    async (req) => data((await listBillingNotifications(caller(req))).map(presentBillingNotification)),
  );

  app.post(
    '/billing/notification',
    { config: { permissions: FLAGS }, schema: { body: billingNotificationInputSchema, response: one } },
    async (req) => data(presentBillingNotification(await createBillingNotification(ctx, caller(req), req.body))),
  );

  app.put(
    '/billing/notification/:id',
    {
      config: { permissions: FLAGS },
      schema: { params: idParamsSchema, body: billingNotificationInputSchema, response: one },
    },
    async (req) =>
      data(presentBillingNotification(await updateBillingNotification(ctx, caller(req), req.params.id, req.body))),
  );

  for (const [action, enabled] of [
    ['enable', true],
    ['disable', false],
  ] as const) {
    app.put(
      `/billing/notification/${action}/:id`,
      { config: { permissions: FLAGS }, schema: { params: idParamsSchema, response: one } },
      async (req) =>
        data(presentBillingNotification(await setBillingNotificationEnabled(ctx, caller(req), req.params.id, enabled))),
    );
  }

  app.delete(
    '/billing/notification/:id',
    { config: { permissions: FLAGS }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteBillingNotification(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
