import { calendarInputSchema, calendarSchema } from '@waymark/contracts/calendar';
import { idParamsSchema, listQuerySchema } from '@waymark/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { presentCalendar } from './calendars.presenter';
import { createCalendar, deleteCalendar, getCalendar, listCalendars, updateCalendar } from './calendars.service';

/** Any signed-in user reads calendars; changing them is part of managing notifications or geofences. */
const MANAGE = ['VIEW_NOTIFICATIONS', 'VIEW_GEOFENCES'] as const;

/** Traccar's /api/calendars: iCalendar schedules that gate geofences, notifications and devices. */
export const calendarsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/calendars',
    { schema: { querystring: listQuerySchema, response: { 200: z.array(calendarSchema) } } },
    async (req) => (await listCalendars(caller(req), req.query)).map(presentCalendar),
  );

  app.get('/calendars/:id', { schema: { params: idParamsSchema, response: { 200: calendarSchema } } }, async (req) =>
    presentCalendar(await getCalendar(caller(req), req.params.id)),
  );

  app.post(
    '/calendars',
    { config: { permissions: [...MANAGE] }, schema: { body: calendarInputSchema, response: { 200: calendarSchema } } },
    async (req) => presentCalendar(await createCalendar(ctx, caller(req), req.body)),
  );

  app.put(
    '/calendars/:id',
    {
      config: { permissions: [...MANAGE] },
      schema: { params: idParamsSchema, body: calendarInputSchema.partial(), response: { 200: calendarSchema } },
    },
    async (req) => presentCalendar(await updateCalendar(ctx, caller(req), req.params.id, req.body)),
  );

  app.delete(
    '/calendars/:id',
    { config: { permissions: [...MANAGE] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteCalendar(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
