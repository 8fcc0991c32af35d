import { dataSchema, idParamsSchema } from '@waymark/contracts/common';
import type { Permission } from '@waymark/contracts/permissions';
import {
  subscriptionAssignSchema,
  subscriptionInputSchema,
  subscriptionSchema,
  tenantSubscriptionSchema,
} from '@waymark/contracts/subscription';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { presentSubscription } from './subscriptions.presenter';
import {
  assignSubscription,
  createSubscription,
  getSubscription,
  listSubscriptions,
  setSubscriptionDisabled,
  tenantSubscription,
  updateSubscription,
} from './subscriptions.service';

/** Tenants' staff read the plans of their tenants; only platform staff write plans or assign them. */
const READ: Permission[] = ['ADMIN_ACCOUNT', 'VIEW_TENANT'];
const WRITE: Permission[] = ['ADMIN_ACCOUNT'];
const one = { 200: dataSchema(subscriptionSchema) };

/** /api/v2/subscription: subscription plans, their assignment to tenants, a tenant's plan. */
export const subscriptionsV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/subscription',
    { config: { permissions: READ }, schema: { response: { 200: dataSchema(z.array(subscriptionSchema)) } } },
    async (req) => data((await listSubscriptions(caller(req))).map(presentSubscription)),
  );

  app.get(
    '/subscription/:id',
    { config: { permissions: READ }, schema: { params: idParamsSchema, response: one } },
    async (req) => data(presentSubscription(await getSubscription(caller(req), req.params.id))),
  );

  app.post(
    '/subscription',
    { config: { permissions: WRITE }, schema: { body: subscriptionInputSchema, response: one } },
    async (req) => data(presentSubscription(await createSubscription(ctx, caller(req), req.body))),
  );

  app.put(
    '/subscription/:id',
    {
      config: { permissions: WRITE },
      schema: { params: idParamsSchema, body: subscriptionInputSchema, response: one },
    },
    async (req) => data(presentSubscription(await updateSubscription(ctx, caller(req), req.params.id, req.body))),
  );

  app.patch(
    '/subscription/disable/:id',
    { config: { permissions: WRITE }, schema: { params: idParamsSchema, response: one } },
    async (req) => data(presentSubscription(await setSubscriptionDisabled(ctx, caller(req), req.params.id, true))),
  );

  app.patch(
    '/subscription/enable/:id',
    { config: { permissions: WRITE }, schema: { params: idParamsSchema, response: one } },
    async (req) => data(presentSubscription(await setSubscriptionDisabled(ctx, caller(req), req.params.id, false))),
  );

  app.post(
    '/subscription/:id/assign',
    {
      config: { permissions: WRITE },
      schema: {
        params: idParamsSchema,
        body: subscriptionAssignSchema,
        response: { 200: dataSchema(tenantSubscriptionSchema) },
      },
    },
    async (req) => data(await assignSubscription(ctx, caller(req), req.params.id, req.body)),
  );

  app.get(
    '/subscription/tenant/:id',
    {
      config: { permissions: READ },
      schema: { params: idParamsSchema, response: { 200: dataSchema(tenantSubscriptionSchema) } },
    },
    async (req) => data(await tenantSubscription(caller(req), req.params.id)),
  );
};
