import { idParamsSchema } from '@waymark/contracts/common';
import type { ScheduledReportType } from '@waymark/contracts/scheduled-report';
import {
  SCHEDULED_REPORT_FLAGS,
  scheduledReportInputSchema,
  scheduledReportSchema,
} from '@waymark/contracts/scheduled-report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { sendScheduledReport, TOO_LARGE } from './scheduled-report-run';
import { presentScheduledReport } from './scheduled-reports.presenter';
import {
  checkTypeFlag,
  createScheduledReport,
  deleteScheduledReport,
  getScheduledReport,
  listScheduledReports,
  updateScheduledReport,
} from './scheduled-reports.service';

/**
 * Traccar's scheduled reports, /api/reports: the caller's own reports; any DOWNLOAD_…_REPORTS flag lets a user in,
 * the service checks the flag of the report's type. POST /api/reports/{id}/run (ours) mails one now.
 */
export const scheduledReportsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permissions: [...SCHEDULED_REPORT_FLAGS] };

  app.get('/reports', { config, schema: { response: { 200: z.array(scheduledReportSchema) } } }, async (req) =>
    (await listScheduledReports(caller(req))).map(presentScheduledReport),
  );

  app.get(
    '/reports/:id',
    { config, schema: { params: idParamsSchema, response: { 200: scheduledReportSchema } } },
    async (req) => presentScheduledReport(await getScheduledReport(caller(req), req.params.id)),
  );

  app.post(
    '/reports',
    { config, schema: { body: scheduledReportInputSchema, response: { 200: scheduledReportSchema } } },
    async (req) => presentScheduledReport(await createScheduledReport(caller(req), req.body)),
  );

  app.put(
    '/reports/:id',
    {
      config,
      schema: { params: idParamsSchema, body: scheduledReportInputSchema, response: { 200: scheduledReportSchema } },
    },
    async (req) => presentScheduledReport(await updateScheduledReport(caller(req), req.params.id, req.body)),
  );

  app.delete('/reports/:id', { config, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteScheduledReport(caller(req), req.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/reports/:id/run',
    { config, schema: { params: idParamsSchema, response: { 200: scheduledReportSchema } } },
    async (req) => {
      const auth = caller(req);
      const report = await getScheduledReport(auth, req.params.id);
      checkTypeFlag(auth, report.type as ScheduledReportType);
      await sendScheduledReport(ctx, report).catch((err: unknown) => {
        // a file too large to mail is the user's choice of devices and period: say so as a 400
        throw err instanceof Error && err.message === TOO_LARGE ? badRequest(TOO_LARGE) : err;
      });
      return presentScheduledReport(await getScheduledReport(auth, report.id));
    },
  );
};
