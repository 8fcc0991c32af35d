import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { oidcForcePlugin } from './modules/oidc/oidc-force';
import { API_ROUTES, V2_ROUTES } from './modules/routes';
import { authPlugin } from './plugins/app/auth';
import { errorsPlugin } from './plugins/app/errors';
import { recordRouteTable } from './plugins/app/route-table';
import { helmetPlugin } from './plugins/external/helmet';
import { registerHttpPlugins } from './plugins/external/http';
import { openApiPlugin } from './plugins/external/openapi';
import { registerWebApp } from './plugins/external/web-app';

export interface BuildOptions {
  /** directory of the built web app to serve; nothing is served when it does not exist */
  webDir?: string;
  logger?: boolean;
}

/** The Fastify app (no listen; server.ts listens): /api (Traccar's shape), /api/v2 (admin area) and the web app. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : { loggerInstance: ctx.log.child({ component: 'api' }) }),
    trustProxy: ctx.env.WAYMARK_TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }) as unknown as FastifyInstance;
  // before the route table's hook: it marks the documentation's own routes public
  await app.register(openApiPlugin, { ctx });
  recordRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(helmetPlugin, { ctx, webDir: options.webDir });
  await registerHttpPlugins(app, ctx);
  await app.register(oidcForcePlugin, { ctx });
  await app.register(authPlugin, { ctx });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (api) => {
      // statistics: each answered API request, and its user among the day's active users (counted in memory)
      api.addHook('onResponse', async (req) => {
        ctx.statistics.add('requests');
        if (req.auth) ctx.statistics.user(req.auth.user.id);
      });
      for (const routes of API_ROUTES) await api.register(routes, { ctx });
      await api.register(
        async (v2) => {
          for (const routes of V2_ROUTES) await v2.register(routes, { ctx });
        },
        { prefix: '/v2' },
      );
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, options.webDir);
  return app;
}
