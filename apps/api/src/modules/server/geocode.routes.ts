import { geocodeQuerySchema } from '@waymark/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { GeocodingError } from '../../geocoding/geocoder';
import { HttpError, tooManyRequests } from '../../http-error';
import { caller } from '../../plugins/app/auth';

/** Lookups one user may ask for in a minute (a person clicks "show address"; a script should not drain the rate). */
const PER_USER = { limit: 60, windowMs: 60_000 };
/** How long a person waits for the provider's rate before being told to try again. */
const MAX_WAIT_MS = 5_000;

const STATUS = { disabled: 503, busy: 503, failed: 502 } as const;

/**
 * Traccar's GET /api/server/geocode: the address of a place as plain text (empty when the provider knows none
 * there), for any signed-in user. Off (503) unless an administrator turned the geocoder on.
 */
export const geocodeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/server/geocode',
    { schema: { querystring: geocodeQuerySchema, response: { 200: z.string() } } },
    async (req, reply) => {
      const { user } = caller(req);
      const hit = await ctx.limiter.hit(`geocode:${user.id}`, PER_USER.limit, PER_USER.windowMs);
      if (!hit.allowed) throw tooManyRequests(hit.retryAfterMs);
      try {
        const address = await ctx.geocoder.address(req.query.latitude, req.query.longitude, { maxWaitMs: MAX_WAIT_MS });
        return reply.type('text/plain; charset=utf-8').send(address ?? '');
      } catch (err) {
        if (!(err instanceof GeocodingError)) throw err;
        throw new HttpError(STATUS[err.reason], err.message, {}, err.reason === 'busy' ? { 'retry-after': '1' } : {});
      }
    },
  );
};
