import { geofenceInputSchema, geofenceSchema } from '@waymark/contracts/geofence';
import type { Prisma } from '@waymark/db/client';
import { AreaError, parseArea } from '@waymark/geo/area';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import type { AuthContext } from '../session/auth-context';
import { deleteLinked, linkCreator, linkedListConditions, newRowTenant } from '../shared/linked-resources';
import { listPage, listQuerySchema } from '../shared/list-query';
import { presentGeofence, withGeofenceDefaults } from './geofences.presenter';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const FLAGS = ['VIEW_GEOFENCES'] as const;
const NOT_FOUND = 'Geofence not found';

/** The area as stored: Traccar's text, refused with the parser's reason when it does not parse. */
function checkArea(area: string): string {
  try {
    parseArea(area);
  } catch (error) {
    if (error instanceof AreaError) throw badRequest(`Invalid geofence area: ${error.message}`);
    throw error;
  }
  return area;
}

async function checkCalendar(auth: AuthContext, calendarId: number | null | undefined) {
  if (calendarId) {
    found(await auth.db.calendar.findUnique({ where: { id: calendarId }, select: { id: true } }), 'Calendar not found');
  }
}

/** Traccar's /api/geofences: circles, polygons and corridors the pipeline watches for entries and exits. */
export const geofencesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/geofences',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(geofenceSchema) } },
    },
    async (req) => {
      const auth = caller(req);
      const where = await linkedListConditions<Prisma.GeofenceWhereInput>(auth, req.query, 'geofence', {
        group: (groupId) => ({ groups: { some: { groupId } } }),
        device: (deviceId) => ({ devices: { some: { deviceId } } }),
        keyword: (keyword) => ({
          OR: [
            { name: { contains: keyword, mode: 'insensitive' } },
            { description: { contains: keyword, mode: 'insensitive' } },
          ],
        }),
      });
      const rows = await auth.db.geofence.findMany({
        where: { AND: where },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        ...listPage(req.query),
      });
      return rows.map(presentGeofence);
    },
  );

  app.get(
    '/geofences/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams, response: { 200: geofenceSchema } } },
    async (req) =>
      presentGeofence(found(await caller(req).db.geofence.findUnique({ where: { id: req.params.id } }), NOT_FOUND)),
  );

  app.post(
    '/geofences',
    { config: { permissions: [...FLAGS] }, schema: { body: geofenceInputSchema, response: { 200: geofenceSchema } } },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      const tenantId = newRowTenant(auth, body.tenantId);
      const area = checkArea(body.area);
      await checkCalendar(auth, body.calendarId);
      const row = await auth.db.$transaction(async (tx) => {
        const created = await tx.geofence.create({
          data: {
            tenantId,
            name: body.name,
            description: body.description ?? null,
            area,
            calendarId: body.calendarId ?? null,
            attributes: withGeofenceDefaults(body.attributes ?? {}) as Prisma.InputJsonValue,
          },
        });
        await linkCreator(tx, auth.user.id, 'geofence', created.id);
        return created;
      });
      await audit(ctx, {
        action: 'geofence.created',
        userId: auth.user.id,
        tenantId,
        objectType: 'geofence',
        objectId: row.id,
      });
      return presentGeofence(row);
    },
  );

  app.put(
    '/geofences/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: { params: idParams, body: geofenceInputSchema.partial(), response: { 200: geofenceSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      const current = found(await auth.db.geofence.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      const data: Prisma.GeofenceUncheckedUpdateInput = {};
      if (body.name !== undefined) data.name = body.name;
      if (body.description !== undefined) data.description = body.description;
      if (body.area !== undefined) data.area = checkArea(body.area);
      if (body.calendarId !== undefined) {
        await checkCalendar(auth, body.calendarId);
        data.calendarId = body.calendarId;
      }
      if (body.attributes !== undefined) {
        data.attributes = withGeofenceDefaults(body.attributes) as Prisma.InputJsonValue;
      }
      const row = await auth.db.geofence.update({ where: { id: current.id }, data });
      await audit(ctx, {
        action: 'geofence.updated',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'geofence',
        objectId: row.id,
      });
      return presentGeofence(row);
    },
  );

  app.delete(
    '/geofences/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const row = found(await auth.db.geofence.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      await deleteLinked(ctx, auth, 'geofence', row, (tx) => tx.geofence.delete({ where: { id: row.id } }), {
        action: 'geofence.deleted',
        objectType: 'geofence',
      });
      return reply.status(204).send();
    },
  );
};
