import { dataSchema, idParamsSchema } from '@waymark/contracts/common';
import { retentionSchema, tenantRetentionInputSchema, tenantRetentionSchema } from '@waymark/contracts/retention';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { data } from '../shared/v2';
import { getRetention, setTenantRetention } from './retention.service';

/**
 * /api/v2/retention: how long positions and events are kept (the server's `retentionDays` is set with
 * PUT /api/server) and per tenant, for platform administrators.
 */
export const retentionV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/retention',
    { config: { permissions: ['ADMIN_ACCOUNT'] }, schema: { response: { 200: dataSchema(retentionSchema) } } },
    async (req) => data(await getRetention(caller(req))),
  );

  app.put(
    '/tenants/:id/retention',
    {
      config: { permissions: ['ADMIN_ACCOUNT'] },
      schema: {
        params: idParamsSchema,
        body: tenantRetentionInputSchema,
        response: { 200: dataSchema(tenantRetentionSchema) },
      },
    },
    async (req) => data(await setTenantRetention(caller(req), req.params.id, req.body.retentionDays)),
  );
};
