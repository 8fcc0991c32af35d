import { positionSchema } from '@waymark/contracts/device';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { presentPosition } from './positions.presenter';

export const HISTORY_LIMIT = 10_000;
const many = <T extends z.ZodType>(item: T) =>
  z.preprocess((v) => (v === undefined || Array.isArray(v) ? v : [v]), z.array(item).optional());

/**
 * Traccar's /api/positions: without parameters the latest position of every visible device; `id` for given
 * positions; `deviceId` with `from`/`to` for one device's history (ordered by fix time, at most 10,000).
 */
export const positionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/positions',
    {
      config: { permissions: ['VIEW_DEVICES', 'TRACK_DEVICES', 'VIEW_REPLAYS'] },
      schema: {
        querystring: z.object({
          deviceId: z.coerce.number().int().optional(),
          id: many(z.coerce.number().int()),
          from: z.iso.datetime({ offset: true }).optional(),
          to: z.iso.datetime({ offset: true }).optional(),
        }),
        response: { 200: z.array(positionSchema) },
      },
    },
    async (req) => {
      const { db } = caller(req);
      const { deviceId, id, from, to } = req.query;
      if (id?.length) {
        const rows = await db.position.findMany({ where: { id: { in: id.map(BigInt) } } });
        return rows.map(presentPosition);
      }
      if (deviceId !== undefined) {
        found(await db.device.findUnique({ where: { id: deviceId }, select: { id: true } }), 'Device not found');
        if (!from || !to) {
          const device = await db.device.findUniqueOrThrow({ where: { id: deviceId }, select: { positionId: true } });
          if (!device.positionId) return [];
          return (await db.position.findMany({ where: { id: device.positionId } })).map(presentPosition);
        }
        if (new Date(from) > new Date(to)) throw badRequest('from must not be after to');
        const rows = await db.position.findMany({
          where: { deviceId, fixTime: { gte: new Date(from), lte: new Date(to) } },
          orderBy: [{ fixTime: 'asc' }, { id: 'asc' }],
          take: HISTORY_LIMIT,
        });
        return rows.map(presentPosition);
      }
      const devices = await db.device.findMany({ where: { positionId: { not: null } }, select: { positionId: true } });
      const ids = devices.map((d) => d.positionId as bigint);
      return ids.length ? (await db.position.findMany({ where: { id: { in: ids } } })).map(presentPosition) : [];
    },
  );
};
