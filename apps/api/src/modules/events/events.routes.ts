import type { EventReportQuery } from '@waymark/contracts/event';
import { eventReportQuerySchema, eventSchema } from '@waymark/contracts/event';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import type { AuthContext } from '../../plugins/app/auth-context';
import { loadReportNames } from '../reports/export/report-names';
import { exportFormat } from '../reports/export/send-report';
import type { DownloadKind } from '../reports/report-download';
import { DOWNLOAD_FLAG, DOWNLOAD_KINDS, mailReport, sendDownload } from '../reports/report-download';
import { presentEvent } from './events.presenter';
import { eventsReport, getEvent } from './events.service';

const FLAGS = ['VIEW_ALERTS_OVERVIEW', 'VIEW_ALERT_DETAILS', 'VIEW_EVENT_REPORTS'] as const;

/** Traccar's GET /api/events/:id and the events report GET /api/reports/events (JSON). */
export const eventsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  /** the events report as a download: every matching event (up to the JSON report's limit), with the names */
  const download = (req: FastifyRequest, reply: FastifyReply, format: DownloadKind, q: EventReportQuery) => {
    const rows = async (auth: AuthContext) => {
      const { rows } = await eventsReport(auth, q);
      return {
        rows: rows.map(presentEvent),
        names: await loadReportNames(auth, [...new Set(rows.map((r) => r.deviceId))]),
      };
    };
    return format === 'mail'
      ? mailReport(ctx, req, reply, { type: 'events', query: q, rows })
      : sendDownload(ctx, req, reply, { type: 'events', format, query: q, rows });
  };

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
      const format = exportFormat(req);
      if (format) return download(req, reply, format, req.query);
      const { rows, truncated } = await eventsReport(caller(req), req.query);
      if (truncated) reply.header('x-truncated', 'true');
      return rows.map(presentEvent);
    },
  );

  app.get(
    '/reports/events/:format',
    {
      config: { permissions: [DOWNLOAD_FLAG.events] },
      schema: { params: z.object({ format: z.enum(DOWNLOAD_KINDS) }), querystring: eventReportQuerySchema },
    },
    async (req, reply) => download(req, reply, req.params.format, req.query),
  );
};
