import { serverSchema } from '@waymark/contracts/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit.service';
import { stopForRestart, timeZones, UNSUPERVISED } from './restart';
import { presentServer } from './server.presenter';
import { getServer, updateServer } from './server.service';

const serverInputSchema = serverSchema
  .omit({
    id: true,
    openIdEnabled: true,
    openIdForce: true,
    emailEnabled: true,
    textEnabled: true,
    geocoderEnabled: true,
    version: true,
  })
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

  app.get('/server/timezones', { schema: { response: { 200: z.array(z.string()) } } }, async () => timeZones());

  // Traccar restarts its process; we can only where something starts it again (restart.ts).
  app.post(
    '/server/reboot',
    { config: { permissions: ['ADMIN_ACCOUNT'] }, schema: { response: { 200: z.null() } } },
    async (req, reply) => {
      const auth = caller(req);
      if (!ctx.env.WAYMARK_SUPERVISED) throw badRequest(UNSUPERVISED);
      await audit(ctx, { action: 'server.reboot', userId: auth.user.id, objectType: 'server', ip: req.ip });
      req.log.warn({ userId: auth.user.id }, 'restart asked through POST /api/server/reboot');
      // after the answer has gone: the same clean stop as SIGTERM, then the supervisor starts a new process
      reply.raw.once('finish', () => stopForRestart());
      return reply.status(200).send(null);
    },
  );
};
