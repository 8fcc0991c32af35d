import { idParamsSchema, listQuerySchema } from '@waymark/contracts/common';
import { driverInputSchema, driverSchema } from '@waymark/contracts/driver';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { presentDriver } from './drivers.presenter';
import { createDriver, deleteDriver, getDriver, listDrivers, updateDriver } from './drivers.service';

const uniqueIdParams = z.object({ uniqueId: z.string().trim().min(1).max(128) });
const FLAGS = ['VIEW_DRIVERS'] as const;

/** Traccar's /api/drivers: people identified by the card or tag a tracker reads (driverUniqueId). */
export const driversRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/drivers',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(driverSchema) } },
    },
    async (req) => (await listDrivers(caller(req), req.query)).map(presentDriver),
  );

  app.get(
    '/drivers/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParamsSchema, response: { 200: driverSchema } } },
    async (req) => presentDriver(await getDriver(caller(req), req.params.id)),
  );

  app.post(
    '/drivers',
    { config: { permissions: [...FLAGS] }, schema: { body: driverInputSchema, response: { 200: driverSchema } } },
    async (req) => presentDriver(await createDriver(ctx, caller(req), req.body)),
  );

  // Addressed by uniqueId; a Traccar client's numeric id works too.
  app.put(
    '/drivers/:uniqueId',
    {
      config: { permissions: [...FLAGS] },
      schema: { params: uniqueIdParams, body: driverInputSchema.partial(), response: { 200: driverSchema } },
    },
    async (req) => presentDriver(await updateDriver(ctx, caller(req), req.params.uniqueId, req.body)),
  );

  app.delete(
    '/drivers/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteDriver(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
