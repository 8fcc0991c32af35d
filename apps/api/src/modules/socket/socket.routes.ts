import { socketLogsRequestSchema } from '@waymark/contracts/device-log';
import { frameText } from '@waymark/contracts/socket';
import type { ShareLink } from '@waymark/db/client';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { forbidden, notFound, unauthorized } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import { bearer } from '../../plugins/app/authenticate';
import { liveDeviceLog } from '../device-log/device-log.socket';
import { latestPositions } from '../positions/positions.service';
import { activeShare, SHARE_NOT_FOUND } from '../share/share.service';
import { streamShare } from '../share/share-socket';
import { mayWatchLive, seesTenant } from './socket.service';

export const KEEPALIVE_MS = 55_000;
/** A client's message longer than this is not read (the only one understood is `{"logs": true|false}`). */
const MAX_CLIENT_MESSAGE = 256;
/** Close code of a socket whose access ended (sign-out, disable, password or role change): sign in again. */
export const SOCKET_REVOKED = 4001;
/** the share link a socket request came with (set before the upgrade, read by the handler) */
const shares = new WeakMap<FastifyRequest, ShareLink>();

/**
 * /api/socket, Traccar's live frames (contracts' liveFrameSchema): on connect `{"positions": latest of every
 * visible device}`, then `{"positions"}`, `{"devices"}` and `{"events"}` as they happen, `{}` every 55 s to keep
 * proxies open. A signed-in socket needs a flag that reads positions (LIVE_PERMISSIONS) and sees what REST shows
 * its user; it is closed (SOCKET_REVOKED) when its user's access changes, so a narrower access means a new socket.
 * A client may send `{"logs": true}` to receive its devices' raw frames as `{"logs"}` frames, `{"logs": false}` to
 * stop (device-log.socket.ts); anything else it sends is ignored.
 */
export const socketRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/socket',
    {
      websocket: true,
      config: { auth: 'optional', rateLimit: false },
      schema: {
        querystring: z.object({ token: z.string().max(4096).optional(), share: z.string().max(64).optional() }),
      },
      preValidation: async (req) => {
        if (req.query.share !== undefined) {
          // an anonymous viewer of a share link: that one device only
          const link = await activeShare(ctx, req.query.share);
          if (!link) throw notFound(SHARE_NOT_FOUND);
          shares.set(req, link);
          return;
        }
        if (!req.auth && req.query.token) req.auth = await bearer(ctx, req.query.token);
        if (!req.auth) throw unauthorized();
        if (!mayWatchLive(req.auth.permissions)) throw forbidden();
      },
    },
    async (socket, req) => {
      const share = shares.get(req);
      if (share) return streamShare(ctx, socket, share);
      const auth = req.auth as AuthContext;
      const { scope } = auth;
      const send = (frame: string) => {
        if (socket.readyState === socket.OPEN) socket.send(frame);
      };
      const unsubscribe = ctx.live.subscribe({
        userId: auth.user.id,
        ...(auth.sessionId ? { sessionId: auth.sessionId } : {}),
        sees: (tenantId) => seesTenant(scope, tenantId),
        send,
        close: (reason) => socket.close(SOCKET_REVOKED, reason),
      });
      const keepalive = setInterval(() => send(frameText({})), KEEPALIVE_MS);
      const logs = liveDeviceLog(ctx, auth, (items) => send(frameText({ logs: items })));
      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        if (isBinary || raw.length > MAX_CLIENT_MESSAGE) return;
        let request: unknown;
        try {
          request = JSON.parse(raw.toString('utf8'));
        } catch {
          return;
        }
        const parsed = socketLogsRequestSchema.safeParse(request);
        if (!parsed.success) return;
        logs.set(parsed.data.logs).catch((err) => req.log.warn({ err }, 'live log not started'));
      });
      socket.on('close', () => {
        clearInterval(keepalive);
        unsubscribe();
        logs.stop();
      });
      send(frameText({ positions: await latestPositions(auth) }));
    },
  );
};
