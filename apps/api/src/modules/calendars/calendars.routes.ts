import { calendarInputSchema, calendarSchema } from '@waymark/contracts/calendar';
import type { Prisma } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { deleteLinked, linkCreator, linkedListConditions, newRowTenant } from '../shared/linked-resources';
import { listPage, listQuerySchema } from '../shared/list-query';
import { calendarText } from './calendar-data';
import { presentCalendar } from './calendars.presenter';

const idParams = z.object({ id: z.coerce.number().int().positive() });
/** Any signed-in user reads calendars; changing them is part of managing notifications or geofences. */
const MANAGE = ['VIEW_NOTIFICATIONS', 'VIEW_GEOFENCES'] as const;
const NOT_FOUND = 'Calendar not found';

/** Traccar's /api/calendars: iCalendar schedules that gate geofences, notifications and devices. */
export const calendarsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/calendars',
    { schema: { querystring: listQuerySchema, response: { 200: z.array(calendarSchema) } } },
    async (req) => {
      const auth = caller(req);
      const where = await linkedListConditions<Prisma.CalendarWhereInput>(auth, req.query, 'calendar', {
        device: (deviceId) => ({ devices: { some: { id: deviceId } } }),
        keyword: (keyword) => ({ name: { contains: keyword, mode: 'insensitive' } }),
      });
      const rows = await auth.db.calendar.findMany({
        where: { AND: where },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        ...listPage(req.query),
      });
      return rows.map(presentCalendar);
    },
  );

  app.get('/calendars/:id', { schema: { params: idParams, response: { 200: calendarSchema } } }, async (req) =>
    presentCalendar(found(await caller(req).db.calendar.findUnique({ where: { id: req.params.id } }), NOT_FOUND)),
  );

  app.post(
    '/calendars',
    { config: { permissions: [...MANAGE] }, schema: { body: calendarInputSchema, response: { 200: calendarSchema } } },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      const tenantId = newRowTenant(auth, body.tenantId);
      const text = calendarText(body.data);
      const row = await auth.db.$transaction(async (tx) => {
        const created = await tx.calendar.create({
          data: { tenantId, name: body.name, data: text, attributes: (body.attributes ?? {}) as Prisma.InputJsonValue },
        });
        await linkCreator(tx, auth.user.id, 'calendar', created.id);
        return created;
      });
      await audit(ctx, {
        action: 'calendar.created',
        userId: auth.user.id,
        tenantId,
        objectType: 'calendar',
        objectId: row.id,
      });
      return presentCalendar(row);
    },
  );

  app.put(
    '/calendars/:id',
    {
      config: { permissions: [...MANAGE] },
      schema: { params: idParams, body: calendarInputSchema.partial(), response: { 200: calendarSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      const current = found(await auth.db.calendar.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      const data: Prisma.CalendarUncheckedUpdateInput = {};
      if (body.name !== undefined) data.name = body.name;
      if (body.data !== undefined) data.data = calendarText(body.data);
      if (body.attributes !== undefined) data.attributes = body.attributes as Prisma.InputJsonValue;
      const row = await auth.db.calendar.update({ where: { id: current.id }, data });
      await audit(ctx, {
        action: 'calendar.updated',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'calendar',
        objectId: row.id,
      });
      return presentCalendar(row);
    },
  );

  app.delete(
    '/calendars/:id',
    { config: { permissions: [...MANAGE] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const row = found(await auth.db.calendar.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      // Devices, geofences and notifications using it lose their calendar (always active again).
      await deleteLinked(ctx, auth, 'calendar', row, (tx) => tx.calendar.delete({ where: { id: row.id } }), {
        action: 'calendar.deleted',
        objectType: 'calendar',
      });
      return reply.status(204).send();
    },
  );
};
