import { serverSchema } from '@waymark/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { presentServer } from './server.presenter';
import { getServer, updateServer } from './server.service';

const serverInputSchema = serverSchema
  .omit({ id: true, openIdEnabled: true, openIdForce: true, geocoderEnabled: true, version: true })
  .partial()
  .extend({ disableServerChange: z.boolean().optional() });

/**
 * Traccar's /api/server: public settings (the preference attributes with their defaults when unset), changed by
 * platform administrators only (ADMIN_ACCOUNT, which tenant roles cannot grant).
 */
export const serverRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/server', { config: { auth: 'public' }, schema: { response: { 200: serverSchema } } }, async () =>
    presentServer(ctx, await getServer(ctx)),
  );

  app.put(
    '/server',
    {
      config: { permissions: ['ADMIN_ACCOUNT'] },
      schema: { body: serverInputSchema, response: { 200: serverSchema } },
    },
    async (req) => presentServer(ctx, await updateServer(ctx, req.body)),
  );
};
