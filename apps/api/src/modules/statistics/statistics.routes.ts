import { statisticsQuerySchema, statisticsSchema } from '@waymark/contracts/report';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { serverStatistics } from './statistics.service';

/** GET /api/statistics: the server's daily counters (Traccar's), for platform administrators only. */
export const statisticsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app) => {
  app.get(
    '/statistics',
    {
      config: { permissions: ['ADMIN_ACCOUNT'] },
      schema: { querystring: statisticsQuerySchema, response: { 200: z.array(statisticsSchema) } },
    },
    async (req) => serverStatistics(caller(req), req.query),
  );
};
