import { idParamsSchema, listQuerySchema } from '@waymark/contracts/common';
import { geofenceInputSchema, geofenceSchema } from '@waymark/contracts/geofence';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { presentGeofence } from './geofences.presenter';
import { createGeofence, deleteGeofence, getGeofence, listGeofences, updateGeofence } from './geofences.service';

const FLAGS = ['VIEW_GEOFENCES'] as const;

/** Traccar's /api/geofences: circles, polygons and corridors the pipeline watches for entries and exits. */
export const geofencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/geofences',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(geofenceSchema) } },
    },
    async (req) => (await listGeofences(caller(req), req.query)).map(presentGeofence),
  );

  app.get(
    '/geofences/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParamsSchema, response: { 200: geofenceSchema } } },
    async (req) => presentGeofence(await getGeofence(caller(req), req.params.id)),
  );

  app.post(
    '/geofences',
    { config: { permissions: [...FLAGS] }, schema: { body: geofenceInputSchema, response: { 200: geofenceSchema } } },
    async (req) => presentGeofence(await createGeofence(ctx, caller(req), req.body)),
  );

  app.put(
    '/geofences/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: { params: idParamsSchema, body: geofenceInputSchema.partial(), response: { 200: geofenceSchema } },
    },
    async (req) => presentGeofence(await updateGeofence(ctx, caller(req), req.params.id, req.body)),
  );

  app.delete(
    '/geofences/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteGeofence(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
