import { existsSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import websocket from '@fastify/websocket';
import { messages } from '@waymark/contracts/errors';
import type { FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context';
import { calendarsRoutes } from './modules/calendars/calendars.routes';
import { commandsRoutes } from './modules/commands/commands.routes';
import { computedAttributesRoutes } from './modules/computed-attributes/computed-attributes.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { driversRoutes } from './modules/drivers/drivers.routes';
import { eventsRoutes } from './modules/events/events.routes';
import { geofencesRoutes } from './modules/geofences/geofences.routes';
import { groupsRoutes } from './modules/groups/groups.routes';
import { healthRoutes } from './modules/health/health.routes';
import { maintenanceRoutes } from './modules/maintenance/maintenance.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { oidcRoutes } from './modules/oidc/oidc.routes';
import { passwordRoutes } from './modules/password/password.routes';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { positionsRoutes } from './modules/positions/positions.routes';
import { rolesV2Routes } from './modules/roles/roles.v2.routes';
import { savedCommandsRoutes } from './modules/saved-commands/saved-commands.routes';
import { serverRoutes } from './modules/server/server.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { shareRoutes } from './modules/share/share.routes';
import { socketRoutes } from './modules/socket/socket.routes';
import { totpRoutes } from './modules/users/totp.routes';
import { usersRoutes } from './modules/users/users.routes';
import { usersV2Routes } from './modules/users/users.v2.routes';
import { authPlugin } from './plugins/app/auth';
import { errorsPlugin } from './plugins/app/errors';
import { openApiPlugin } from './plugins/external/openapi';

/** Every /api route with its declared access, for the access-control tests and docs. */
export interface RouteEntry {
  method: string;
  url: string;
  auth: 'public' | 'optional' | 'user';
  permissions: readonly string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

export interface BuildOptions {
  /** directory of the built web app to serve; nothing is served when it does not exist */
  webDir?: string;
  logger?: boolean;
}

/** The Fastify app (no listen): /api (Traccar's shape), /api/v2 (admin area) and the web app. */
export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger === false ? { logger: false } : { loggerInstance: ctx.log.child({ component: 'api' }) }),
    trustProxy: ctx.env.WAYMARK_TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  });
  const routes: RouteEntry[] = [];
  app.decorate('routeTable', routes);
  // before the route table's hook: it marks the documentation's own routes public
  await app.register(openApiPlugin, { ctx });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD' || !route.url.startsWith('/api')) continue;
      routes.push({
        method,
        url: route.url,
        auth: route.config?.auth ?? 'user',
        permissions: route.config?.permissions ?? [],
      });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(cors, { origin: false });
  await app.register(rateLimit, {
    global: true,
    max: 1200,
    timeWindow: 60_000,
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: 'waymark:http-rl:' } : {}),
    errorResponseBuilder: (_req, c) => ({
      statusCode: 429,
      message: `Too many requests, retry in ${Math.ceil(c.ttl / 1000)} s`,
    }),
  });
  await app.register(authPlugin, { ctx });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  await app.register(
    async (api) => {
      await api.register(healthRoutes, { ctx });
      await api.register(serverRoutes, { ctx });
      await api.register(sessionRoutes, { ctx });
      await api.register(oidcRoutes, { ctx });
      await api.register(passwordRoutes, { ctx });
      await api.register(totpRoutes, { ctx });
      await api.register(usersRoutes, { ctx });
      await api.register(socketRoutes, { ctx });
      await api.register(devicesRoutes, { ctx });
      await api.register(positionsRoutes, { ctx });
      await api.register(commandsRoutes, { ctx });
      await api.register(computedAttributesRoutes, { ctx });
      await api.register(savedCommandsRoutes, { ctx });
      await api.register(maintenanceRoutes, { ctx });
      await api.register(driversRoutes, { ctx });
      await api.register(calendarsRoutes, { ctx });
      await api.register(geofencesRoutes, { ctx });
      await api.register(notificationsRoutes, { ctx });
      await api.register(permissionsRoutes, { ctx });
      await api.register(shareRoutes, { ctx });
      await api.register(eventsRoutes, { ctx });
      await api.register(groupsRoutes, { ctx });
      await api.register(
        async (v2) => {
          await v2.register(usersV2Routes, { ctx });
          await v2.register(rolesV2Routes, { ctx });
        },
        { prefix: '/v2' },
      );
    },
    { prefix: '/api' },
  );

  const webDir = options.webDir;
  const serveWeb = Boolean(webDir && existsSync(join(webDir, 'index.html')));
  if (serveWeb)
    await app.register(fastifyStatic, { root: webDir as string, wildcard: false, maxAge: '1h', index: false });
  app.setNotFoundHandler((req, reply) => {
    // Client-side routes: any other GET outside /api gets the web app's index.html.
    if (serveWeb && req.method === 'GET' && !req.url.startsWith('/api')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: messages.notFound });
  });
  return app as unknown as FastifyInstance;
}
