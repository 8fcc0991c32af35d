import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { publicUrl } from '../../env';

const DOCS = '/api/docs';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

const SECURITY: Record<string, string[]>[] = [{ bearer: [] }, { basic: [] }, { cookie: [] }];

/** The body of every error: `{ message }`, with `details` (the fields at fault) for invalid input. */
const errorBody = {
  type: 'object',
  properties: {
    message: { type: 'string' },
    details: {
      type: 'array',
      items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
    },
  },
  required: ['message'],
};

const ERRORS = {
  400: 'Invalid input: a parameter or field out of its bounds, or a rule of the resource not met',
  401: 'Not signed in, or the credentials are no longer valid',
  403: 'The caller lacks a permission the operation needs',
  404: 'No such row, or one the caller cannot see',
  413: 'The request body is too large',
  429: 'Too many requests: try again later',
} as const;

/**
 * The contracts' transform, plus what every operation shares: the error statuses it can answer (400 when it
 * takes input, 401 and 403 unless public, 404 with a path parameter, 413 with a body, 429 always — the rate
 * limit covers every route), no security requirement for a public operation and an optional one where
 * signing in is optional.
 */
function transform(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const schema = (out.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
  const config = (input.route as { config?: { auth?: string } } | undefined)?.config;
  const isPublic = config?.auth === 'public';
  const method = [input.route?.method ?? []].flat().join(',');
  const hasBody = /POST|PUT|PATCH/.test(method);
  const codes: (keyof typeof ERRORS)[] = [];
  if (schema.params || schema.querystring || schema.body) codes.push(400);
  if (!isPublic) codes.push(401, 403);
  if (/[:{]/.test(input.url)) codes.push(404);
  if (hasBody) codes.push(413);
  codes.push(429);
  const response = { ...(schema.response ?? {}) };
  for (const code of codes) response[code] ??= { description: ERRORS[code], ...errorBody };
  // public: no credentials; optional: none or any of the schemes (`{}` is OpenAPI's "no requirement")
  const security = isPublic ? [] : config?.auth === 'optional' ? [{}, ...SECURITY] : undefined;
  return { ...out, schema: { ...schema, response, ...(security ? { security } : {}) } };
}

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
      security: SECURITY,
    },
    transform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS,
    staticCSP: true,
    // the UI's own policy, never framed, and without upgrading requests to https (a plain-http server's
    // documentation would not load its own scripts)
    transformStaticCSP: (csp) =>
      csp.replace("frame-ancestors 'self'", "frame-ancestors 'none'").replace(/\s*upgrade-insecure-requests;?/, ''),
  });
});
