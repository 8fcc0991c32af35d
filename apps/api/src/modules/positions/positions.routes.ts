import { idParamsSchema, idSchema, timeSchema } from '@waymark/contracts/common';
import { positionQuerySchema, positionSchema } from '@waymark/contracts/device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { deletePosition, deletePositions } from './position-removal.service';
import { devicePositions, latestPositions, positionsById } from './positions.service';
import { positionsExportRoutes } from './positions-export.routes';

/**
 * Traccar's /api/positions: without parameters the latest position of every visible device; `id` for given
 * positions; `deviceId` with `from`/`to` for one device's history (ordered by fix time, at most 10,000).
 */
export const positionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, opts) => {
  // the track exports /positions/kml, /gpx and /csv live beside the history they export
  await app.register(positionsExportRoutes, opts);
  app.get(
    '/positions',
    {
      config: { permissions: ['VIEW_DEVICES', 'TRACK_DEVICES', 'VIEW_REPLAYS'] },
      schema: {
        querystring: positionQuerySchema,
        response: { 200: z.array(positionSchema) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const { deviceId, id, from, to } = req.query;
      if (id?.length) return positionsById(auth, id);
      if (deviceId !== undefined) return devicePositions(auth, deviceId, { from, to });
      return latestPositions(auth);
    },
  );

  // Removing history is changing the device: the flags that edit devices (Traccar checks the device is editable).
  app.delete(
    '/positions',
    {
      config: { permissions: [...EDIT_DEVICES] },
      schema: { querystring: z.object({ deviceId: idSchema, from: timeSchema, to: timeSchema }) },
    },
    async (req, reply) => {
      const { deviceId, from, to } = req.query;
      await deletePositions(opts.ctx, caller(req), deviceId, new Date(from), new Date(to));
      return reply.status(204).send();
    },
  );

  app.delete(
    '/positions/:id',
    { config: { permissions: [...EDIT_DEVICES] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deletePosition(opts.ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};

const EDIT_DEVICES = ['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'] as const;
