import { eventReportQuerySchema, eventSchema } from '@waymark/contracts/event';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { presentEvent } from './events.presenter';
import { eventsReport, getEvent } from './events.service';

const FLAGS = ['VIEW_ALERTS_OVERVIEW', 'VIEW_ALERT_DETAILS', 'VIEW_EVENT_REPORTS'] as const;

/** Traccar's GET /api/events/:id and the events report GET /api/reports/events (JSON). */
export const eventsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/events/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: {
        // event ids are 64-bit: wider than the 32-bit ids of idParamsSchema
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
        response: { 200: eventSchema },
      },
    },
    async (req) => presentEvent(await getEvent(caller(req), req.params.id)),
  );

  app.get(
    '/reports/events',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: eventReportQuerySchema, response: { 200: z.array(eventSchema) } },
    },
    async (req, reply) => {
      const { rows, truncated } = await eventsReport(caller(req), req.query);
      if (truncated) reply.header('x-truncated', 'true');
      return rows.map(presentEvent);
    },
  );
};
