import { dataSchema, idParamsSchema } from '@waymark/contracts/common';
import {
  type Forwarding,
  forwardingInputSchema,
  forwardingSchema,
  forwardingStatusSchema,
} from '@waymark/contracts/forwarding';
import type { Forwarding as ForwardingRow } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import type { AuthContext } from '../../plugins/app/auth-context';
import { data } from '../shared/v2';
import { presentForwardings } from './forwarding.presenter';
import {
  createForwarding,
  deleteForwarding,
  forwardingStatus,
  getForwarding,
  listForwarding,
  updateForwarding,
} from './forwarding.service';

/**
 * Platform administrators (server-wide targets, and any tenant's) and tenant administrators (their tenants'); the
 * service tells the two apart.
 */
const config = { permissions: ['ADMIN_ACCOUNT' as const, 'VIEW_TENANT' as const] };
const one = { 200: dataSchema(forwardingSchema) };
const presentOne = async (auth: AuthContext, row: ForwardingRow) =>
  (await presentForwardings(auth, [row]))[0] as Forwarding;

/** /api/v2/forwarding: where positions and events are forwarded as they are stored, and how delivery stands. */
export const forwardingV2Routes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/forwarding',
    { config, schema: { response: { 200: dataSchema(z.array(forwardingSchema)) } } },
    async (req) => data(await presentForwardings(caller(req), await listForwarding(caller(req)))),
  );
  app.post('/forwarding', { config, schema: { body: forwardingInputSchema, response: one } }, async (req) =>
    data(await presentOne(caller(req), await createForwarding(ctx, caller(req), req.body))),
  );
  app.get('/forwarding/:id', { config, schema: { params: idParamsSchema, response: one } }, async (req) =>
    data(await presentOne(caller(req), await getForwarding(caller(req), req.params.id))),
  );
  app.put(
    '/forwarding/:id',
    { config, schema: { params: idParamsSchema, body: forwardingInputSchema, response: one } },
    async (req) =>
      data(await presentOne(caller(req), await updateForwarding(ctx, caller(req), req.params.id, req.body))),
  );
  app.delete('/forwarding/:id', { config, schema: { params: idParamsSchema } }, async (req, reply) => {
    await deleteForwarding(ctx, caller(req), req.params.id);
    return reply.status(204).send();
  });
  app.get(
    '/forwarding/:id/status',
    { config, schema: { params: idParamsSchema, response: { 200: dataSchema(forwardingStatusSchema) } } },
    async (req) => data(await forwardingStatus(ctx, caller(req), req.params.id)),
  );
};
