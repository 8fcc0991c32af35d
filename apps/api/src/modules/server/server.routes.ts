import { serverSchema } from '@waymark/contracts/session';
import type { Server } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { checkPreferences, PREFERENCE_DEFAULTS } from './preferences';

const serverInputSchema = serverSchema
  .omit({ id: true, openIdEnabled: true, openIdForce: true, version: true })
  .partial()
  .extend({ disableServerChange: z.boolean().optional() });

function present(ctx: AppContext, row: Server) {
  const { updatedAt: _u, disableServerChange: _d, ...rest } = row;
  return {
    ...rest,
    attributes: { ...PREFERENCE_DEFAULTS, ...((row.attributes ?? {}) as Record<string, unknown>) },
    openIdEnabled: Boolean(ctx.env.OIDC_ISSUER),
    openIdForce: Boolean(ctx.env.OIDC_ISSUER) && ctx.env.OIDC_FORCE,
    version: ctx.version,
  };
}

/**
 * Traccar's /api/server: public settings (the preference attributes with their defaults when unset), changed by
 * platform administrators only (ADMIN_ACCOUNT, which tenant roles cannot grant).
 */
export const serverRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/server', { config: { auth: 'public' }, schema: { response: { 200: serverSchema } } }, async () => {
    const row = await ctx.db.server.upsert({ where: { id: 1 }, create: { id: 1 }, update: {} });
    return present(ctx, row);
  });

  app.put(
    '/server',
    {
      config: { permissions: ['ADMIN_ACCOUNT'] },
      schema: { body: serverInputSchema, response: { 200: serverSchema } },
    },
    async (req) => {
      const { attributes: input, ...rest } = req.body;
      const attributes = checkPreferences(input);
      const row = await ctx.db.server.upsert({
        where: { id: 1 },
        create: { id: 1, ...rest, ...(attributes ? { attributes: attributes as object } : {}) },
        update: { ...rest, ...(attributes ? { attributes: attributes as object } : {}) },
      });
      return present(ctx, row);
    },
  );
};
