import type { ShareLink } from '@waymark/contracts/share';
import { sharedDeviceSchema, shareGroupInputSchema, shareInputSchema, shareLinkSchema } from '@waymark/contracts/share';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { textOrJson } from '../../plugins/app/text-answer';
import { createGroupShare, createShare, revokeShare, viewShare } from './share.service';

const shareParams = z.object({ id: z.string().max(64) });

/** Traccar 6 answers the token alone: always to a form post (its clients), else unless JSON is asked for. */
function answerToken(req: FastifyRequest, reply: FastifyReply, link: ShareLink) {
  const form = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
  if (form) return reply.type('text/plain; charset=utf-8').send(link.id);
  return textOrJson(req, reply, link.id, link);
}

/**
 * Share links: a signed-in user with TRACK_DEVICES shares one device (or a group's devices) until a time; anyone
 * holding the link sees those devices and their latest positions (and its live positions through /api/socket?share=<id>).
 */
export const shareRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Traccar's clients post a form and read the answer as text: the token, which opens the shared device at
  // `<server>/?token=<token>` (web-app.ts sends that to the share page). Our web app posts JSON and gets the link.
  app.post(
    '/share/device',
    {
      config: { permissions: ['TRACK_DEVICES'] },
      schema: { body: shareInputSchema, response: { 200: z.union([shareLinkSchema, z.string()]) } },
    },
    async (req, reply) => answerToken(req, reply, await createShare(ctx, caller(req), req.body)),
  );

  // a group's devices, now and later, as Traccar 6's POST /api/share/group: same answer, same rules
  app.post(
    '/share/group',
    {
      config: { permissions: ['TRACK_DEVICES'] },
      schema: { body: shareGroupInputSchema, response: { 200: z.union([shareLinkSchema, z.string()]) } },
    },
    async (req, reply) => answerToken(req, reply, await createGroupShare(ctx, caller(req), req.body)),
  );

  app.get(
    '/share/:id',
    { config: { auth: 'public' }, schema: { params: shareParams, response: { 200: sharedDeviceSchema } } },
    async (req) => viewShare(ctx, req.params.id),
  );

  app.delete(
    '/share/:id',
    { config: { permissions: ['TRACK_DEVICES'] }, schema: { params: shareParams } },
    async (req, reply) => {
      await revokeShare(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
