import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { RateLimiter } from '../../security/rate-limiter';

/** Requests over this many per minute from one address get 429 (shared by every API node when Redis is set). */
const REQUESTS_PER_MINUTE = 1200;

/**
 * The rate-limit plugin's counters kept by the app's limiter, so the global limit shares its storage and its
 * behaviour when Redis is down (counted in memory rather than failing every request).
 */
class LimiterStore implements FastifyRateLimitStore {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow: number, max: number): void {
    this.limiter.hit(this.prefix + key, max, timeWindow).then(
      // the plugin compares the count with max: a refused hit counts as one over the limit
      (r) => callback(null, { current: r.allowed ? max - r.remaining : max + 1, ttl: r.retryAfterMs }),
      (err: Error) => callback(err),
    );
  }

  child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
    return new LimiterStore(this.limiter, `${this.prefix}${String(routeOptions.method)}${routeOptions.url}-`);
  }
}

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
    // the store does not fail (it counts in memory while Redis is down); should it, requests are still served
    skipOnError: true,
    store: class extends LimiterStore {
      constructor() {
        super(ctx.limiter, 'http:');
      }
    },
    errorResponseBuilder: (_req, c) => ({
      statusCode: 429,
      message: `Too many requests, retry in ${Math.ceil(c.ttl / 1000)} s`,
    }),
  });
}
