import { deviceInputSchema, deviceSchema } from '@waymark/contracts/device';
import type { Prisma } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { conflict, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { listConditions, listPage, listQuerySchema } from '../shared/list-query';
import { deviceExtrasRoutes } from './device-extras.routes';
import { presentDevice } from './devices.presenter';
import { checkDeviceWrite, deviceData } from './devices.service';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).optional());
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
        querystring: listQuerySchema.extend({
          id: many(z.coerce.number().int()),
          uniqueId: many(z.string().max(64)),
        }),
        response: { 200: z.array(deviceSchema) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const q = req.query;
      const where: Prisma.DeviceWhereInput[] = await listConditions<Prisma.DeviceWhereInput>(auth, q, {
        user: (userId) => ({ OR: [{ userId }, { userDevices: { some: { userId } } }] }),
        group: (groupId) => ({ groupId }),
        keyword: (keyword) => ({
          OR: [
            { name: { contains: keyword, mode: 'insensitive' } },
            { uniqueId: { contains: keyword, mode: 'insensitive' } },
          ],
        }),
      });
      if (q.id?.length) where.push({ id: { in: q.id } });
      if (q.uniqueId?.length) where.push({ uniqueId: { in: q.uniqueId } });
      const rows = await auth.db.device.findMany({
        where: { AND: where },
        include: { model: true },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        ...(q.limit === undefined && !q.offset ? { take: 20_000 } : listPage(q)),
      });
      return rows.map(presentDevice);
    },
  );

  app.get(
    '/devices/:id',
    { config: { permissions: [...VIEW] }, schema: { params: idParams, response: { 200: deviceSchema } } },
    async (req) =>
      presentDevice(
        found(
          await caller(req).db.device.findUnique({ where: { id: req.params.id }, include: { model: true } }),
          'Device not found',
        ),
      ),
  );

  app.post(
    '/devices',
    { config: { permissions: [...MANAGE] }, schema: { body: deviceInputSchema, response: { 200: deviceSchema } } },
    async (req) => {
      const auth = caller(req);
      await checkDeviceWrite(ctx, auth);
      const tenantId =
        req.body.tenantId === undefined ? (auth.scope.platform ? null : auth.user.tenantId) : req.body.tenantId;
      if (!auth.scope.platform && (tenantId === null || !auth.scope.tenantIds.includes(tenantId))) throw forbidden();
      if (auth.user.deviceLimit >= 0 && !auth.user.administrator) {
        const count = await auth.db.device.count();
        if (count >= auth.user.deviceLimit) throw forbidden('Device limit reached');
      }
      if (await ctx.db.device.findUnique({ where: { uniqueId: req.body.uniqueId }, select: { id: true } })) {
        throw conflict('A device with this identifier already exists');
      }
      const row = await auth.db.device.create({
        data: {
          ...((await deviceData(auth, req.body)) as Prisma.DeviceUncheckedCreateInput),
          name: req.body.name,
          uniqueId: req.body.uniqueId,
          tenantId,
          stockStatus: tenantId === null ? 'IN_STOCK' : 'ASSIGNED',
        },
        include: { model: true },
      });
      await audit(ctx, {
        action: 'device.created',
        userId: auth.user.id,
        tenantId,
        objectType: 'device',
        objectId: row.id,
      });
      return presentDevice(row);
    },
  );

  app.put(
    '/devices/:id',
    {
      config: { permissions: [...MANAGE] },
      schema: { params: idParams, body: deviceInputSchema.partial(), response: { 200: deviceSchema } },
    },
    async (req) => {
      const auth = caller(req);
      found(
        await auth.db.device.findUnique({ where: { id: req.params.id }, select: { id: true } }),
        'Device not found',
      );
      await checkDeviceWrite(ctx, auth);
      if (req.body.uniqueId) {
        const clash = await ctx.db.device.findFirst({
          where: { uniqueId: req.body.uniqueId, id: { not: req.params.id } },
        });
        if (clash) throw conflict('A device with this identifier already exists');
      }
      const row = await auth.db.device.update({
        where: { id: req.params.id },
        data: await deviceData(auth, req.body),
        include: { model: true },
      });
      await audit(ctx, {
        action: 'device.updated',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'device',
        objectId: row.id,
      });
      return presentDevice(row);
    },
  );

  app.delete(
    '/devices/:id',
    { config: { permissions: [...MANAGE] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const row = found(await auth.db.device.findUnique({ where: { id: req.params.id } }), 'Device not found');
      await checkDeviceWrite(ctx, auth);
      await auth.db.device.delete({ where: { id: row.id } });
      await audit(ctx, {
        action: 'device.deleted',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'device',
        objectId: row.id,
      });
      return reply.status(204).send();
    },
  );
};
