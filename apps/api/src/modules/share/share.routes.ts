import { randomUUID } from 'node:crypto';
import { SHARE_MAX_MS, sharedDeviceSchema, shareInputSchema, shareLinkSchema } from '@waymark/contracts/share';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { publicUrl } from '../../env';
import { badRequest, forbidden } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { activeShare, endShare, sharedDevice } from './share.service';

const idParams = z.object({ id: z.string().max(64) });
export const SHARE_DISABLED = 'Device sharing is disabled';
export const SHARE_NOT_FOUND = 'The share link is invalid or has expired';

/**
 * Share links: a signed-in user with TRACK_DEVICES shares one device until a time; anyone holding the link sees
 * that device and its latest position (and its live positions through /api/socket?share=<id>).
 */
export const shareRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/share/device',
    {
      config: { permissions: ['TRACK_DEVICES'] },
      schema: { body: shareInputSchema, response: { 200: shareLinkSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const device = found(
        await auth.db.device.findUnique({ where: { id: req.body.deviceId }, select: { id: true, tenantId: true } }),
        'Device not found',
      );
      const server = await ctx.db.server.findUnique({ where: { id: 1 }, select: { disableShare: true } });
      if (server?.disableShare) throw forbidden(SHARE_DISABLED);
      const expiresAt = new Date(req.body.expiration);
      const ahead = expiresAt.getTime() - Date.now();
      if (ahead <= 0) throw badRequest('The expiration must be in the future');
      if (ahead > SHARE_MAX_MS) throw badRequest('A share link lasts at most a year');
      const row = await auth.db.shareLink.create({
        data: {
          id: randomUUID(),
          deviceId: device.id,
          tenantId: device.tenantId,
          createdById: auth.user.id,
          expiresAt,
        },
      });
      await audit(ctx, {
        action: 'device.shared',
        userId: auth.user.id,
        tenantId: device.tenantId,
        objectType: 'device',
        objectId: device.id,
        details: { shareId: row.id, expiresAt: expiresAt.toISOString() },
      });
      return {
        id: row.id,
        deviceId: device.id,
        url: `${publicUrl(ctx.env)}/devices/share/${row.id}`,
        expiresAt: row.expiresAt.toISOString(),
      };
    },
  );

  app.get(
    '/share/:id',
    { config: { auth: 'public' }, schema: { params: idParams, response: { 200: sharedDeviceSchema } } },
    async (req) => {
      const link = found(await activeShare(ctx, req.params.id), SHARE_NOT_FOUND);
      return found(await sharedDevice(ctx, link), SHARE_NOT_FOUND);
    },
  );

  app.delete(
    '/share/:id',
    { config: { permissions: ['TRACK_DEVICES'] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const id = req.params.id;
      const link = found(
        /^[0-9a-f-]{36}$/i.test(id) ? await auth.db.shareLink.findUnique({ where: { id } }) : null,
        SHARE_NOT_FOUND,
      );
      if (!link.revokedAt) await auth.db.shareLink.update({ where: { id }, data: { revokedAt: new Date() } });
      endShare(id);
      await audit(ctx, {
        action: 'device.share.revoked',
        userId: auth.user.id,
        tenantId: link.tenantId,
        objectType: 'device',
        objectId: link.deviceId,
        details: { shareId: id },
      });
      return reply.status(204).send();
    },
  );
};
