import type { DeviceImageType } from '@waymark/contracts/device';
import { DEVICE_IMAGE_MAX_BYTES, DEVICE_IMAGE_TYPES, deviceAccumulatorsSchema } from '@waymark/contracts/device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest, HttpError } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { checkDeviceWrite } from './devices.service';
import { imageExtension, sniffImageType } from './image-type';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const VIEW = ['VIEW_DEVICES', 'TRACK_DEVICES', 'VIEW_DEVICE_DETAILS'] as const;
const MANAGE = ['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'] as const;
export const NO_POSITION = 'The device has no position yet';

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
    { config: { permissions: [...MANAGE] }, schema: { params: idParams, body: deviceAccumulatorsSchema } },
    async (req, reply) => {
      const auth = caller(req);
      const device = found(
        await auth.db.device.findUnique({ where: { id: req.params.id }, select: { id: true, tenantId: true } }),
        'Device not found',
      );
      await checkDeviceWrite(ctx, auth);
      const { deviceId, totalDistance, hours } = req.body;
      if (deviceId !== undefined && deviceId !== device.id) throw badRequest('deviceId does not match the device');
      const patch: Record<string, number> = {};
      if (totalDistance !== undefined) patch.totalDistance = totalDistance;
      if (hours !== undefined) patch.hours = hours;
      // The pipeline carries totalDistance and hours forward from the device's latest position: set them there,
      // with the device locked as the pipeline locks it, so a position being stored cannot slip in between.
      const updated = await ctx.db.$transaction(async (tx) => {
        const rows = await tx.$queryRaw<{ positionId: bigint | null }[]>`
          SELECT "positionId" FROM devices WHERE id = ${device.id} FOR UPDATE`;
        const positionId = rows[0]?.positionId ?? null;
        if (positionId === null) return false;
        await tx.$executeRaw`
          UPDATE positions SET attributes = (attributes::jsonb || ${JSON.stringify(patch)}::jsonb)::json
           WHERE id = ${positionId}`;
        return true;
      });
      if (!updated) throw badRequest(NO_POSITION);
      await audit(ctx, {
        action: 'device.accumulators',
        userId: auth.user.id,
        tenantId: device.tenantId,
        objectType: 'device',
        objectId: device.id,
        details: patch,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/devices/:id/image',
    { config: { permissions: [...MANAGE] }, bodyLimit: DEVICE_IMAGE_MAX_BYTES, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const device = found(
        await auth.db.device.findUnique({ where: { id: req.params.id }, select: { id: true, tenantId: true } }),
        'Device not found',
      );
      await checkDeviceWrite(ctx, auth);
      const declared = String(req.headers['content-type'] ?? '')
        .split(';')[0]
        ?.trim()
        .toLowerCase() as DeviceImageType;
      if (!Buffer.isBuffer(req.body) || !DEVICE_IMAGE_TYPES.includes(declared)) {
        throw new HttpError(415, `Send the image as ${DEVICE_IMAGE_TYPES.join(', ')}`);
      }
      if (req.body.length === 0) throw badRequest('The image is empty');
      if (sniffImageType(req.body) !== declared) throw badRequest(`The file is not a ${declared} image`);
      const data = new Uint8Array(req.body);
      await auth.db.deviceImage.upsert({
        where: { deviceId: device.id },
        create: { deviceId: device.id, contentType: declared, data },
        update: { contentType: declared, data },
      });
      await audit(ctx, {
        action: 'device.image',
        userId: auth.user.id,
        tenantId: device.tenantId,
        objectType: 'device',
        objectId: device.id,
      });
      return reply.type('text/plain; charset=utf-8').send(`device.${imageExtension(declared)}`);
    },
  );

  app.get(
    '/devices/:id/image',
    { config: { permissions: [...VIEW] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      found(
        await auth.db.device.findUnique({ where: { id: req.params.id }, select: { id: true } }),
        'Device not found',
      );
      const image = found(
        await ctx.db.deviceImage.findUnique({ where: { deviceId: req.params.id } }),
        'The device has no image',
      );
      return reply
        .type(image.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=60')
        .header('last-modified', image.updatedAt.toUTCString())
        .send(Buffer.from(image.data));
    },
  );
};
