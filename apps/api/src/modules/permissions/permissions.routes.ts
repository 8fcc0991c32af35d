import {
  permissionLinkSchema,
  permissionLinksSchema,
  permissionListSchema,
  permissionQuerySchema,
} from '@waymark/contracts/permission';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { LINK_FLAGS } from './permission-links.service';
import { listLinks } from './permission-list.service';
import { applyLinks } from './permissions.service';

/**
 * Traccar's /api/permissions: links a user to devices, groups and other objects, and devices or groups to
 * geofences, notifications, drivers, maintenance, saved commands and computed attributes. 204 on success;
 * the bulk forms are all or nothing. GET lists the links between two kinds (0 on a side: any).
 */
export const permissionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permissions: LINK_FLAGS };
  app.get(
    '/permissions',
    { config, schema: { querystring: permissionQuerySchema, response: { 200: permissionListSchema } } },
    async (req) => listLinks(ctx, caller(req), req.query),
  );
  app.post('/permissions', { config, schema: { body: permissionLinkSchema } }, async (req, reply) => {
    await applyLinks(ctx, caller(req), [req.body], true);
    return reply.status(204).send();
  });
  app.delete('/permissions', { config, schema: { body: permissionLinkSchema } }, async (req, reply) => {
    await applyLinks(ctx, caller(req), [req.body], false);
    return reply.status(204).send();
  });
  app.post('/permissions/bulk', { config, schema: { body: permissionLinksSchema } }, async (req, reply) => {
    await applyLinks(ctx, caller(req), req.body, true);
    return reply.status(204).send();
  });
  app.delete('/permissions/bulk', { config, schema: { body: permissionLinksSchema } }, async (req, reply) => {
    await applyLinks(ctx, caller(req), req.body, false);
    return reply.status(204).send();
  });
};
