import { idParamsSchema, idSchema, listQuerySchema } from '@waymark/contracts/common';
import {
  computedAttributeInputSchema,
  computedAttributeSchema,
  computedValueSchema,
} from '@waymark/contracts/computed-attribute';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { presentComputedAttribute } from './computed-attributes.presenter';
import {
  createComputedAttribute,
  deleteComputedAttribute,
  getComputedAttribute,
  listComputedAttributes,
  testExpression,
  updateComputedAttribute,
} from './computed-attributes.service';

const FLAGS = ['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'] as const;

/** Traccar's /api/attributes/computed: position attributes computed by JEXL expressions as positions arrive. */
export const computedAttributesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/attributes/computed',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(computedAttributeSchema) } },
    },
    async (req) => (await listComputedAttributes(caller(req), req.query)).map(presentComputedAttribute),
  );

  app.post(
    '/attributes/computed/test',
    {
      config: { permissions: [...FLAGS] },
      schema: {
        querystring: z.object({ deviceId: idSchema }),
        body: computedAttributeInputSchema.partial({ description: true, attribute: true }),
        response: { 200: computedValueSchema },
      },
    },
    async (req, reply) => {
      const result = computedValueSchema.parse(await testExpression(caller(req), req.query.deviceId, req.body));
      // a bare JSON value (Fastify would send a string result as plain text)
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
    },
  );

  app.get(
    '/attributes/computed/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: { params: idParamsSchema, response: { 200: computedAttributeSchema } },
    },
    async (req) => presentComputedAttribute(await getComputedAttribute(caller(req), req.params.id)),
  );

  app.post(
    '/attributes/computed',
    {
      config: { permissions: [...FLAGS] },
      schema: { body: computedAttributeInputSchema, response: { 200: computedAttributeSchema } },
    },
    async (req) => presentComputedAttribute(await createComputedAttribute(ctx, caller(req), req.body)),
  );

  app.put(
    '/attributes/computed/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: {
        params: idParamsSchema,
        body: computedAttributeInputSchema.partial(),
        response: { 200: computedAttributeSchema },
      },
    },
    async (req) => presentComputedAttribute(await updateComputedAttribute(ctx, caller(req), req.params.id, req.body)),
  );

  app.delete(
    '/attributes/computed/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteComputedAttribute(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
