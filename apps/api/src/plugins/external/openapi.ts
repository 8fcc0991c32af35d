import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { publicUrl } from '../../env';

const DOCS = '/api/docs';

/**
 * The OpenAPI document, generated from the routes' zod contracts (request and response schemas), served as JSON
 * at /api/docs/json and browsable at /api/docs. Register before the routes so that every route is in it; its own
 * routes are public.
 */
export const openApiPlugin = fp(async (app: FastifyInstance, { ctx }: { ctx: AppContext }) => {
  app.addHook('onRoute', (route) => {
    if (route.url === DOCS || route.url.startsWith(`${DOCS}/`)) {
      route.config = { ...(route.config ?? {}), auth: 'public' };
    }
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Waymark API',
        version: ctx.version,
        description:
          "`/api` follows Traccar's API (units: speed in knots, distance in metres, durations in milliseconds, " +
          'ISO-8601 UTC times); `/api/v2` serves the admin area. See docs/api.md for sign-in, tokens and the ' +
          'Traccar compatibility.',
      },
      servers: [{ url: publicUrl(ctx.env) }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'access token (POST /api/session) or API token' },
          basic: { type: 'http', scheme: 'basic', description: 'e-mail and password (accounts without 2FA)' },
          cookie: { type: 'apiKey', in: 'cookie', name: 'waymark_session' },
        },
      },
      security: [{ bearer: [] }, { basic: [] }, { cookie: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: DOCS, staticCSP: true });
});
