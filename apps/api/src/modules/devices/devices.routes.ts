import { idParamsSchema } from '@waymark/contracts/common';
import { deviceInputSchema, deviceListQuerySchema, deviceSchema } from '@waymark/contracts/device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { deviceExtrasRoutes } from './device-extras.routes';
import { presentDevice } from './devices.presenter';
import { createDevice, deleteDevice, getDevice, listDevices, updateDevice } from './devices.service';

const VIEW = ['VIEW_DEVICES', 'TRACK_DEVICES', 'VIEW_DEVICE_DETAILS'] as const;
const MANAGE = ['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'] as const;

/** Traccar's /api/devices: register a device before it connects, list devices with status and lastUpdate. */
export const devicesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(deviceExtrasRoutes, { ctx });

  app.get(
    '/devices',
    {
      config: { permissions: [...VIEW] },
      schema: {
        querystring: deviceListQuerySchema,
        response: { 200: z.array(deviceSchema) },
      },
    },
    async (req) => (await listDevices(caller(req), req.query)).map(presentDevice),
  );

  app.get(
    '/devices/:id',
    { config: { permissions: [...VIEW] }, schema: { params: idParamsSchema, response: { 200: deviceSchema } } },
    async (req) => presentDevice(await getDevice(caller(req), req.params.id)),
  );

  app.post(
    '/devices',
    { config: { permissions: [...MANAGE] }, schema: { body: deviceInputSchema, response: { 200: deviceSchema } } },
    async (req) => presentDevice(await createDevice(ctx, caller(req), req.body)),
  );

  app.put(
    '/devices/:id',
    {
      config: { permissions: [...MANAGE] },
      schema: { params: idParamsSchema, body: deviceInputSchema.partial(), response: { 200: deviceSchema } },
    },
    async (req) => presentDevice(await updateDevice(ctx, caller(req), req.params.id, req.body)),
  );

  app.delete(
    '/devices/:id',
    { config: { permissions: [...MANAGE] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteDevice(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
