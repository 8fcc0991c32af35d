import { actionListSchema, auditQuerySchema } from '@waymark/contracts/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { auditActions } from './audit.service';

/** Traccar's /api/audit: the audit log of a time window, for those who may read their users' history. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/audit',
    {
      config: { permissions: ['ADMIN_ACCOUNT', 'VIEW_USER_DETAILS'] },
      schema: { querystring: auditQuerySchema, response: { 200: actionListSchema } },
    },
    async (req) => auditActions(caller(req), new Date(req.query.from), new Date(req.query.to)),
  );
};
