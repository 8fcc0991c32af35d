import { messages } from '@waymark/contracts/errors';
import {
  COMMAND_TYPES,
  checkParameters,
  commandTypeSchema,
  savedCommandFieldsSchema,
  savedCommandInputSchema,
  savedCommandSchema,
} from '@waymark/contracts/saved-command';
import type { Prisma } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import { protocolSupports, supportedTypes } from '../commands/command-support';
import type { AuthContext } from '../session/auth-context';
import { deleteLinked, linkCreator, linkedListConditions, newRowTenant } from '../shared/linked-resources';
import { listPage, listQuerySchema } from '../shared/list-query';
import { presentSavedCommand } from './saved-commands.presenter';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const FLAGS = ['SEND_COMMAND'] as const;
const NOT_FOUND = 'Command not found';
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

const parametersSchema = z
  .object({ type: z.string(), attributes: z.record(z.string(), z.unknown()) })
  .superRefine((v, ctx) => checkParameters(v.type, v.attributes, ctx));

/** A PUT's merged type and parameters, checked like a new command's (400 naming the parameter). */
function checkMerged(type: string, attributes: Record<string, unknown>) {
  const parsed = parametersSchema.safeParse({ type, attributes });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badRequest(`${issue?.path.join('.') ?? 'attributes'}: ${issue?.message ?? 'invalid'}`);
  }
}

/** The device (404 when not the caller's) and its protocol, from its latest position (null: not known yet). */
async function deviceProtocol(auth: AuthContext, deviceId: number) {
  const device = found(await auth.db.device.findUnique({ where: { id: deviceId } }), messages.deviceNotFound);
  if (device.positionId === null) return { device, protocol: null };
  const latest = await auth.db.position.findFirst({ where: { id: device.positionId }, select: { protocol: true } });
  return { device, protocol: latest?.protocol ?? null };
}

/** Traccar's saved commands (/api/commands) and what a device can be sent (/send, /types). */
export const savedCommandsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/commands',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(savedCommandSchema) } },
    },
    async (req) => {
      const auth = caller(req);
      const where = await linkedListConditions<Prisma.CommandWhereInput>(auth, req.query, 'command', {
        group: (groupId) => ({ groups: { some: { groupId } } }),
        device: (deviceId) => ({ devices: { some: { deviceId } } }),
        keyword: (keyword) => ({ description: { contains: keyword, mode: 'insensitive' } }),
      });
      const rows = await auth.db.command.findMany({
        where: { AND: where },
        orderBy: [{ description: 'asc' }, { id: 'asc' }],
        ...listPage(req.query),
      });
      return rows.map(presentSavedCommand);
    },
  );

  app.get(
    '/commands/send',
    {
      config: { permissions: [...FLAGS] },
      schema: {
        querystring: z.object({ deviceId: z.coerce.number().int().positive() }),
        response: { 200: z.array(savedCommandSchema) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const { device, protocol } = await deviceProtocol(auth, req.query.deviceId);
      const rows = await auth.db.command.findMany({
        where: { tenantId: device.tenantId },
        orderBy: [{ description: 'asc' }, { id: 'asc' }],
      });
      const usable = rows.map(presentSavedCommand).filter((c) => {
        if (!protocol) return true;
        if (c.textChannel) return (supportedTypes(protocol, [c.type], true) ?? [c.type]).length > 0;
        return protocolSupports(protocol, c.type, c.attributes) !== false;
      });
      return usable;
    },
  );

  app.get(
    '/commands/types',
    {
      config: { permissions: [...FLAGS] },
      schema: {
        querystring: z.object({ deviceId: z.coerce.number().int().positive().optional(), textChannel: flag }),
        response: { 200: z.array(commandTypeSchema) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const protocol = req.query.deviceId ? (await deviceProtocol(auth, req.query.deviceId)).protocol : null;
      const types = (protocol && supportedTypes(protocol, COMMAND_TYPES, req.query.textChannel)) || [...COMMAND_TYPES];
      return types.map((type) => ({ type }));
    },
  );

  app.get(
    '/commands/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams, response: { 200: savedCommandSchema } } },
    async (req) =>
      presentSavedCommand(found(await caller(req).db.command.findUnique({ where: { id: req.params.id } }), NOT_FOUND)),
  );

  app.post(
    '/commands',
    {
      config: { permissions: [...FLAGS] },
      schema: { body: savedCommandInputSchema, response: { 200: savedCommandSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      const tenantId = newRowTenant(auth, body.tenantId);
      const row = await auth.db.$transaction(async (tx) => {
        const created = await tx.command.create({
          data: {
            tenantId,
            description: body.description,
            type: body.type,
            textChannel: body.textChannel ?? false,
            attributes: body.attributes ?? {},
          },
        });
        await linkCreator(tx, auth.user.id, 'command', created.id);
        return created;
      });
      await audit(ctx, {
        action: 'savedCommand.created',
        userId: auth.user.id,
        tenantId,
        objectType: 'command',
        objectId: row.id,
      });
      return presentSavedCommand(row);
    },
  );

  app.put(
    '/commands/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: { params: idParams, body: savedCommandFieldsSchema.partial(), response: { 200: savedCommandSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      const current = found(await auth.db.command.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      const attributes = body.attributes ?? (current.attributes as Record<string, unknown>);
      checkMerged(body.type ?? current.type, attributes);
      const data: Prisma.CommandUncheckedUpdateInput = {};
      if (body.description !== undefined) data.description = body.description;
      if (body.type !== undefined) data.type = body.type;
      if (body.textChannel !== undefined) data.textChannel = body.textChannel;
      if (body.attributes !== undefined) data.attributes = body.attributes;
      const row = await auth.db.command.update({ where: { id: current.id }, data });
      await audit(ctx, {
        action: 'savedCommand.updated',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'command',
        objectId: row.id,
      });
      return presentSavedCommand(row);
    },
  );

  app.delete(
    '/commands/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const row = found(await auth.db.command.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      await deleteLinked(ctx, auth, 'command', row, (tx) => tx.command.delete({ where: { id: row.id } }), {
        action: 'savedCommand.deleted',
        objectType: 'command',
      });
      return reply.status(204).send();
    },
  );
};
