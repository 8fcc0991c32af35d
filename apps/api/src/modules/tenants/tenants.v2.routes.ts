import { dataSchema, idParamsSchema, pageSchema } from '@waymark/contracts/common';
import { tenantInputSchema, tenantListQuerySchema, tenantSchema, tenantUpdateSchema } from '@waymark/contracts/tenant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data, mapPage } from '../shared/v2';
import { tenantDevicesV2Routes } from './tenant-devices.v2.routes';
import { tenantGroupsV2Routes } from './tenant-groups.v2.routes';
import { tenantUsersV2Routes } from './tenant-users.v2.routes';
import { presentTenant } from './tenants.presenter';
import {
  createTenant,
  deleteTenant,
  getTenant,
  listChildren,
  pageTenants,
  setTenantActive,
  updateTenant,
} from './tenants.service';

/** Every tenant route needs one of these flags; the caller's scope then limits it to its own tenant's subtree. */
export const TENANT_FLAGS = ['ADMIN_ACCOUNT', 'VIEW_TENANT'] as const;

const one = { 200: dataSchema(tenantSchema) };

/** /api/v2/tenant…: the admin area's tenants, with their groups, users and devices. */
export const tenantsV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permissions: [...TENANT_FLAGS] };

  app.get(
    '/tenant',
    { config, schema: { querystring: tenantListQuerySchema, response: { 200: dataSchema(pageSchema(tenantSchema)) } } },
    async (req) => data(mapPage(await pageTenants(caller(req), req.query), presentTenant)),
  );

  app.post('/tenant', { config, schema: { body: tenantInputSchema, response: one } }, async (req) =>
    data(presentTenant(await createTenant(ctx, caller(req), req.body))),
  );

  app.get('/tenant/:id', { config, schema: { params: idParamsSchema, response: one } }, async (req) =>
    data(presentTenant(await getTenant(caller(req), req.params.id))),
  );

  app.get(
    '/tenant/:id/children',
    { config, schema: { params: idParamsSchema, response: { 200: dataSchema(z.array(tenantSchema)) } } },
    async (req) => data((await listChildren(caller(req), req.params.id)).map(presentTenant)),
  );

  app.put(
    '/tenant/:id',
    { config, schema: { params: idParamsSchema, body: tenantUpdateSchema, response: one } },
    async (req) => data(presentTenant(await updateTenant(ctx, caller(req), req.params.id, req.body))),
  );

  app.delete('/tenant/:id', { config, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteTenant(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });

  for (const [action, active] of [
    ['activate', true],
    ['deactivate', false],
  ] as const) {
    app.post(`/tenant/:id/${action}`, { config, schema: { params: idParamsSchema, response: one } }, async (req) =>
      data(presentTenant(await setTenantActive(ctx, caller(req), req.params.id, active))),
    );
  }

  await tenantGroupsV2Routes(app, { ctx });
  await tenantUsersV2Routes(app, { ctx });
  await tenantDevicesV2Routes(app, { ctx });
};
