import { idParamsSchema, idSchema, listQuerySchema } from '@waymark/contracts/common';
import {
  commandTypeSchema,
  savedCommandFieldsSchema,
  savedCommandInputSchema,
  savedCommandSchema,
} from '@waymark/contracts/saved-command';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { presentSavedCommand } from './saved-commands.presenter';
import {
  commandsForDevice,
  commandTypesFor,
  createSavedCommand,
  deleteSavedCommand,
  getSavedCommand,
  listSavedCommands,
  updateSavedCommand,
} from './saved-commands.service';

const FLAGS = ['SEND_COMMAND'] as const;
const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** Traccar's saved commands (/api/commands) and what a device can be sent (/send, /types). */
export const savedCommandsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/commands',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(savedCommandSchema) } },
    },
    async (req) => (await listSavedCommands(caller(req), req.query)).map(presentSavedCommand),
  );

  app.get(
    '/commands/send',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: z.object({ deviceId: idSchema }), response: { 200: z.array(savedCommandSchema) } },
    },
    async (req) => (await commandsForDevice(caller(req), req.query.deviceId)).map(presentSavedCommand),
  );

  app.get(
    '/commands/types',
    {
      config: { permissions: [...FLAGS] },
      schema: {
        querystring: z.object({
          deviceId: idSchema.optional(),
          protocol: z.string().trim().min(1).max(64).optional().describe('a protocol name (Traccar’s): its types'),
          textChannel: flag,
        }),
        response: { 200: z.array(commandTypeSchema) },
      },
    },
    async (req) => (await commandTypesFor(caller(req), req.query)).map((type) => ({ type })),
  );

  app.get(
    '/commands/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParamsSchema, response: { 200: savedCommandSchema } } },
    async (req) => presentSavedCommand(await getSavedCommand(caller(req), req.params.id)),
  );

  app.post(
    '/commands',
    {
      config: { permissions: [...FLAGS] },
      schema: { body: savedCommandInputSchema, response: { 200: savedCommandSchema } },
    },
    async (req) => presentSavedCommand(await createSavedCommand(ctx, caller(req), req.body)),
  );

  app.put(
    '/commands/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: {
        params: idParamsSchema,
        body: savedCommandFieldsSchema.partial(),
        response: { 200: savedCommandSchema },
      },
    },
    async (req) => presentSavedCommand(await updateSavedCommand(ctx, caller(req), req.params.id, req.body)),
  );

  app.delete(
    '/commands/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteSavedCommand(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
