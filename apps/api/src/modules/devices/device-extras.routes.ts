import { idParamsSchema } from '@waymark/contracts/common';
import { DEVICE_IMAGE_MAX_BYTES, DEVICE_IMAGE_TYPES, deviceAccumulatorsSchema } from '@waymark/contracts/device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { deviceImage, saveDeviceImage, setAccumulators } from './device-extras.service';
import { imageExtension } from './image-type';

const VIEW = ['VIEW_DEVICES', 'TRACK_DEVICES', 'VIEW_DEVICE_DETAILS'] as const;
const MANAGE = ['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'] as const;

/** Odometer / engine-hours accumulators and the device's picture. */
export const deviceExtrasRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // A picture comes as the raw request body (Traccar's web app posts the file itself).
  app.addContentTypeParser(
    [...DEVICE_IMAGE_TYPES],
    { parseAs: 'buffer', bodyLimit: DEVICE_IMAGE_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  app.put(
    '/devices/:id/accumulators',
    { config: { permissions: [...MANAGE] }, schema: { params: idParamsSchema, body: deviceAccumulatorsSchema } },
    async (req, reply) => {
      await setAccumulators(ctx, caller(req), req.params.id, req.body);
      return reply.status(204).send();
    },
  );

  app.post(
    '/devices/:id/image',
    { config: { permissions: [...MANAGE] }, bodyLimit: DEVICE_IMAGE_MAX_BYTES, schema: { params: idParamsSchema } },
    async (req, reply) => {
      const declared = String(req.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase();
      const type = await saveDeviceImage(ctx, caller(req), req.params.id, declared ?? '', req.body);
      return reply.type('text/plain; charset=utf-8').send(`device.${imageExtension(type)}`);
    },
  );

  app.get(
    '/devices/:id/image',
    { config: { permissions: [...VIEW] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      const image = await deviceImage(ctx, caller(req), req.params.id);
      return reply
        .type(image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=60')
        .header('last-modified', image.updatedAt.toUTCString())
        .send(Buffer.from(image.data));
    },
  );
};
