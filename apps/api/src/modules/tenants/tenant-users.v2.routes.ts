import { dataSchema, idParamsSchema, idSchema, pageQuerySchema, pageSchema } from '@waymark/contracts/common';
import {
  tenantUserInputSchema,
  tenantUserSchema,
  tenantUserUpdateSchema,
  userGroupMappingSchema,
} from '@waymark/contracts/tenant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data, mapPage } from '../shared/v2';
import {
  createTenantUser,
  pageTenantUsers,
  setTenantUserActive,
  setUserGroup,
  updateTenantUser,
  userGroupMapping,
} from './tenant-users.service';
import { presentTenantUser } from './tenants.presenter';

const FLAGS = ['ADMIN_ACCOUNT', 'VIEW_TENANT'] as const;
const one = { 200: dataSchema(tenantUserSchema) };
const membershipParams = z.object({ userId: idSchema, groupId: idSchema });

/** The users of the tenants and their group memberships. */
export const tenantUsersV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permissions: [...FLAGS] };

  app.get(
    '/tenant/:id/user',
    {
      config,
      schema: {
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: dataSchema(pageSchema(tenantUserSchema)) },
      },
    },
    async (req) => data(mapPage(await pageTenantUsers(caller(req), req.params.id, req.query), presentTenantUser)),
  );

  app.post(
    '/tenant/:id/user',
    { config, schema: { params: idParamsSchema, body: tenantUserInputSchema, response: one } },
    async (req) => data(presentTenantUser(await createTenantUser(ctx, caller(req), req.params.id, req.body))),
  );

  app.put(
    '/tenant/user/:id',
    { config, schema: { params: idParamsSchema, body: tenantUserUpdateSchema, response: one } },
    async (req) => data(presentTenantUser(await updateTenantUser(ctx, caller(req), req.params.id, req.body))),
  );

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(`/tenant/user/:id/${action}`, { config, schema: { params: idParamsSchema, response: one } }, async (req) =>
      data(presentTenantUser(await setTenantUserActive(ctx, caller(req), req.params.id, active))),
    );
  }

  app.get(
    '/tenant/:id/user-group-mapping',
    { config, schema: { params: idParamsSchema, response: { 200: dataSchema(userGroupMappingSchema) } } },
    async (req) => data(await userGroupMapping(caller(req), req.params.id)),
  );

  app.post(
    '/tenant/user/:userId/group/:groupId',
    { config, schema: { params: membershipParams } },
    async (req, reply) => {
      await setUserGroup(ctx, caller(req), req.params.userId, req.params.groupId, true);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/tenant/user/:userId/group/:groupId',
    { config, schema: { params: membershipParams } },
    async (req, reply) => {
      await setUserGroup(ctx, caller(req), req.params.userId, req.params.groupId, false);
      return reply.status(204).send();
    },
  );
};
