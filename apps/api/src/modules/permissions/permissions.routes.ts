import type { PermissionLink } from '@waymark/contracts/permission';
import { permissionLinkSchema, permissionLinksSchema } from '@waymark/contracts/permission';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { forgetRules } from '../../events/dispatch';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { checkNotReadonly } from '../devices/devices.service';
import type { AuthContext } from '../session/auth-context';
import type { Link } from './permission-links';
import { checkLink, LINK_FLAGS, resolveLink, writeLink } from './permission-links';

/** Checks every link first, then writes them all in one transaction: all or nothing. */
async function apply(ctx: AppContext, auth: AuthContext, bodies: PermissionLink[], add: boolean): Promise<void> {
  await checkNotReadonly(ctx, auth);
  const links: Link[] = bodies.map(resolveLink);
  for (const link of links) await checkLink(auth, link);
  await ctx.db.$transaction(async (tx) => {
    for (const link of links) await writeLink(tx, link, add);
  });
  await audit(ctx, {
    action: add ? 'permission.linked' : 'permission.unlinked',
    userId: auth.user.id,
    tenantId: auth.user.tenantId,
    objectType: 'permission',
    details: { links },
  });
}

/**
 * Traccar's /api/permissions: links a user to devices, groups and other objects, and devices or groups to
 * geofences, notifications, drivers, maintenance, saved commands and computed attributes. 204 on success.
 */
export const permissionsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const config = { permissions: LINK_FLAGS };
  app.post('/permissions', { config, schema: { body: permissionLinkSchema } }, async (req, reply) => {
    await apply(ctx, caller(req), [req.body], true);
    forgetRules(); // links decide which devices and users a notification rule reaches
    return reply.status(204).send();
  });
  app.delete('/permissions', { config, schema: { body: permissionLinkSchema } }, async (req, reply) => {
    await apply(ctx, caller(req), [req.body], false);
    forgetRules(); // links decide which devices and users a notification rule reaches
    return reply.status(204).send();
  });
  app.post('/permissions/bulk', { config, schema: { body: permissionLinksSchema } }, async (req, reply) => {
    await apply(ctx, caller(req), req.body, true);
    forgetRules(); // links decide which devices and users a notification rule reaches
    return reply.status(204).send();
  });
  app.delete('/permissions/bulk', { config, schema: { body: permissionLinksSchema } }, async (req, reply) => {
    await apply(ctx, caller(req), req.body, false);
    forgetRules(); // links decide which devices and users a notification rule reaches
    return reply.status(204).send();
  });
};
