import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { textOrJson } from '../../plugins/app/text-answer';
import { checkHealth } from './health.service';

/** Liveness and readiness for load balancers and the Playwright web server. */
export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        response: {
          200: z.union([
            z.object({ status: z.literal('ok'), database: z.literal('ok'), version: z.string() }),
            z.string(),
          ]),
        },
      },
    },
    async (req, reply) => textOrJson(req, reply, 'OK', await checkHealth(ctx)),
  );
};
