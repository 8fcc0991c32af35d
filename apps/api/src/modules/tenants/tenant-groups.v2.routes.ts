import { dataSchema, idParamsSchema, idSchema, pageSchema } from '@waymark/contracts/common';
import {
  tenantGroupInputSchema,
  tenantGroupQuerySchema,
  tenantGroupSchema,
  tenantGroupUpdateSchema,
} from '@waymark/contracts/tenant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data, mapPage } from '../shared/v2';
import {
  createTenantGroup,
  deleteTenantGroup,
  pageTenantGroups,
  renameTenantGroup,
  setTenantGroupActive,
} from './tenant-groups.service';
import { presentTenantGroup } from './tenants.presenter';

const FLAGS = ['ADMIN_ACCOUNT', 'VIEW_TENANT'] as const;
const one = { 200: dataSchema(tenantGroupSchema) };

/** The groups of the tenants: /api/v2/tenant/group…, /api/v2/tenant/{id}/group…, /api/v2/group/{id}. */
export const tenantGroupsV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permissions: [...FLAGS] };

  app.get(
    '/tenant/group',
    {
      config,
      schema: { querystring: tenantGroupQuerySchema, response: { 200: dataSchema(pageSchema(tenantGroupSchema)) } },
    },
    async (req) => data(mapPage(await pageTenantGroups(caller(req), req.query), presentTenantGroup)),
  );

  app.post(
    '/tenant/:id/group',
    { config, schema: { params: idParamsSchema, body: tenantGroupInputSchema, response: one } },
    async (req) => data(presentTenantGroup(await createTenantGroup(ctx, caller(req), req.params.id, req.body))),
  );

  app.put(
    '/tenant/:id/group/:groupId',
    {
      config,
      schema: {
        params: z.object({ id: idSchema, groupId: idSchema }),
        body: tenantGroupUpdateSchema,
        response: one,
      },
    },
    async (req) =>
      data(
        presentTenantGroup(await renameTenantGroup(ctx, caller(req), req.params.id, req.params.groupId, req.body.name)),
      ),
  );

  app.delete('/group/:groupId', { config, schema: { params: z.object({ groupId: idSchema }) } }, async (req, reply) => {
    await deleteTenantGroup(ctx, caller(req), req.params.groupId);
    return reply.status(204).send();
  });

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(
      `/tenant/group/:id/${action}`,
      { config, schema: { params: idParamsSchema, response: one } },
      async (req) => data(presentTenantGroup(await setTenantGroupActive(ctx, caller(req), req.params.id, active))),
    );
  }
};
