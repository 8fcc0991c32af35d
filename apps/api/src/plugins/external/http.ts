import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Requests over this many per minute from one address get 429 (shared by every API node when Redis is set). */
const REQUESTS_PER_MINUTE = 1200;

/**
 * The third-party HTTP plugins every request passes: cookies (Traccar's clients sign in with a session cookie),
 * form bodies (Traccar's sign-in form), CORS closed to other origins, and the global per-address rate limit.
 */
export async function registerHttpPlugins(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(cookie);
  await app.register(formbody);
  await app.register(cors, { origin: false });
  await app.register(rateLimit, {
    global: true,
    max: REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: 'waymark:http-rl:' } : {}),
    errorResponseBuilder: (_req, c) => ({
      statusCode: 429,
      message: `Too many requests, retry in ${Math.ceil(c.ttl / 1000)} s`,
    }),
  });
}
