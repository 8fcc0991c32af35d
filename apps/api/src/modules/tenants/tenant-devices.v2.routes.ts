import { dataSchema, idParamsSchema, idSchema, pageQuerySchema, pageSchema } from '@waymark/contracts/common';
import { tenantDeviceParamsSchema, tenantDeviceSchema } from '@waymark/contracts/tenant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data, mapPage } from '../shared/v2';
import { assignDeviceToGroup, pageTenantDevices, unassignDevice } from './tenant-devices.service';
import { presentTenantDevice } from './tenants.presenter';

const FLAGS = ['ADMIN_ACCOUNT', 'VIEW_TENANT'] as const;
const one = { 200: dataSchema(tenantDeviceSchema) };

/** The devices of one tenant and their group assignment (the platform's stock has its own /device routes). */
export const tenantDevicesV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permissions: [...FLAGS] };

  app.get(
    '/tenant/:id/device',
    {
      config,
      schema: {
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: dataSchema(pageSchema(tenantDeviceSchema)) },
      },
    },
    async (req) => data(mapPage(await pageTenantDevices(caller(req), req.params.id, req.query), presentTenantDevice)),
  );

  app.post(
    '/tenant/:tenantId/device/:adminDeviceId/group/:groupId',
    { config, schema: { params: tenantDeviceParamsSchema.extend({ groupId: idSchema }), response: one } },
    async (req) => {
      const { tenantId, adminDeviceId, groupId } = req.params;
      return data(presentTenantDevice(await assignDeviceToGroup(ctx, caller(req), tenantId, adminDeviceId, groupId)));
    },
  );

  app.post(
    '/tenant/:tenantId/device/:adminDeviceId/unassign',
    { config, schema: { params: tenantDeviceParamsSchema, response: one } },
    async (req) => {
      const { tenantId, adminDeviceId } = req.params;
      return data(presentTenantDevice(await unassignDevice(ctx, caller(req), tenantId, adminDeviceId)));
    },
  );
};
