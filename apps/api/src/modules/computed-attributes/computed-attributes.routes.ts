import {
  computedAttributeInputSchema,
  computedAttributeSchema,
  computedValueSchema,
} from '@waymark/contracts/computed-attribute';
import { messages } from '@waymark/contracts/errors';
import type { Prisma } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { compileExpression, convertComputed, evaluateExpression } from '../../computed/evaluate';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { deleteLinked, linkCreator, linkedListConditions, newRowTenant } from '../shared/linked-resources';
import { listPage, listQuerySchema } from '../shared/list-query';
import { presentComputedAttribute } from './computed-attributes.presenter';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const FLAGS = ['ADMIN_ACCOUNT', 'VIEW_DEVICE_DETAILS'] as const;
const NOT_FOUND = 'Computed attribute not found';

/** The expression compiled, or a 400 carrying the parser's message. */
function checkExpression(expression: string) {
  try {
    return compileExpression(expression);
  } catch (error) {
    throw badRequest(`Invalid expression: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Traccar's /api/attributes/computed: position attributes computed by JEXL expressions as positions arrive. */
export const computedAttributesRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/attributes/computed',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(computedAttributeSchema) } },
    },
    async (req) => {
      const auth = caller(req);
      const where = await linkedListConditions<Prisma.ComputedAttributeWhereInput>(auth, req.query, 'attribute', {
        group: (groupId) => ({ groups: { some: { groupId } } }),
        device: (deviceId) => ({ devices: { some: { deviceId } } }),
        keyword: (keyword) => ({
          OR: [
            { description: { contains: keyword, mode: 'insensitive' } },
            { attribute: { contains: keyword, mode: 'insensitive' } },
          ],
        }),
      });
      const rows = await auth.db.computedAttribute.findMany({
        where: { AND: where },
        orderBy: [{ description: 'asc' }, { id: 'asc' }],
        ...listPage(req.query),
      });
      return rows.map(presentComputedAttribute);
    },
  );

  app.post(
    '/attributes/computed/test',
    {
      config: { permissions: [...FLAGS] },
      schema: {
        querystring: z.object({ deviceId: z.coerce.number().int().positive() }),
        body: computedAttributeInputSchema.partial({ description: true, attribute: true }),
        response: { 200: computedValueSchema },
      },
    },
    async (req, reply) => {
      const auth = caller(req);
      const expression = checkExpression(req.body.expression);
      const device = found(
        await auth.db.device.findUnique({ where: { id: req.query.deviceId } }),
        messages.deviceNotFound,
      );
      const position =
        device.positionId === null
          ? null
          : await auth.db.position.findFirst({ where: { id: device.positionId, deviceId: device.id } });
      if (!position) throw badRequest('The device has no position yet');
      let value: unknown;
      try {
        value = evaluateExpression(expression, {
          ...position,
          attributes: (position.attributes ?? {}) as Record<string, unknown>,
        });
      } catch (error) {
        throw badRequest(`Expression failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      // a bare JSON value (Fastify would send a string result as plain text)
      const result = computedValueSchema.parse(convertComputed(value, req.body.type) ?? null);
      return reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
    },
  );

  app.get(
    '/attributes/computed/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams, response: { 200: computedAttributeSchema } } },
    async (req) =>
      presentComputedAttribute(
        found(await caller(req).db.computedAttribute.findUnique({ where: { id: req.params.id } }), NOT_FOUND),
      ),
  );

  app.post(
    '/attributes/computed',
    {
      config: { permissions: [...FLAGS] },
      schema: { body: computedAttributeInputSchema, response: { 200: computedAttributeSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      checkExpression(body.expression);
      const tenantId = newRowTenant(auth, body.tenantId);
      const row = await auth.db.$transaction(async (tx) => {
        const created = await tx.computedAttribute.create({
          data: {
            tenantId,
            description: body.description,
            attribute: body.attribute,
            expression: body.expression,
            type: body.type,
            priority: body.priority ?? 0,
          },
        });
        await linkCreator(tx, auth.user.id, 'attribute', created.id);
        return created;
      });
      await audit(ctx, {
        action: 'computedAttribute.created',
        userId: auth.user.id,
        tenantId,
        objectType: 'computedAttribute',
        objectId: row.id,
      });
      return presentComputedAttribute(row);
    },
  );

  app.put(
    '/attributes/computed/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: {
        params: idParams,
        body: computedAttributeInputSchema.partial(),
        response: { 200: computedAttributeSchema },
      },
    },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      const current = found(await auth.db.computedAttribute.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      if (body.expression !== undefined) checkExpression(body.expression);
      const { tenantId: _tenant, ...changes } = body;
      const row = await auth.db.computedAttribute.update({ where: { id: current.id }, data: changes });
      await audit(ctx, {
        action: 'computedAttribute.updated',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'computedAttribute',
        objectId: row.id,
      });
      return presentComputedAttribute(row);
    },
  );

  app.delete(
    '/attributes/computed/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const row = found(await auth.db.computedAttribute.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      await deleteLinked(ctx, auth, 'attribute', row, (tx) => tx.computedAttribute.delete({ where: { id: row.id } }), {
        action: 'computedAttribute.deleted',
        objectType: 'computedAttribute',
      });
      return reply.status(204).send();
    },
  );
};
