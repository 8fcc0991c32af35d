import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { sendDocument } from '../reports/export/send-report';
import { alertDocument } from './event-pdf.service';

/** GET /api/events/:id/pdf: the alert-detail PDF, rendered by the reports' PDF renderer. */
export const eventPdfRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/events/:id/pdf',
    {
      config: { permissions: ['VIEW_ALERT_DETAILS'] },
      schema: {
        // event ids are 64-bit: wider than the 32-bit ids of idParamsSchema
        params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
      },
    },
    async (req, reply) => {
      const doc = await alertDocument(ctx, caller(req), req.params.id);
      return sendDocument(reply, 'pdf', doc, `alert-${req.params.id}`);
    },
  );
};
