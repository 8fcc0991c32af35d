import { idParamsSchema, listQuerySchema } from '@waymark/contracts/common';
import { groupInputSchema, groupSchema } from '@waymark/contracts/group';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/app/auth';
import { refuseLongGroupIds } from './group-tree.service';
import { presentGroup } from './groups.presenter';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './groups.service';

const FLAGS = ['VIEW_GROUPS'] as const;

/** Traccar's /api/groups: a tree of device groups whose attributes carry settings the devices inherit. */
export const groupsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preValidation', refuseLongGroupIds);

  app.get(
    '/groups',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(groupSchema) } },
    },
    async (req) => (await listGroups(caller(req), req.query)).map(presentGroup),
  );

  app.get(
    '/groups/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParamsSchema, response: { 200: groupSchema } } },
    async (req) => presentGroup(await getGroup(caller(req), req.params.id)),
  );

  app.post(
    '/groups',
    { config: { permissions: [...FLAGS] }, schema: { body: groupInputSchema, response: { 200: groupSchema } } },
    async (req) => presentGroup(await createGroup(ctx, caller(req), req.body)),
  );

  app.put(
    '/groups/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: { params: idParamsSchema, body: groupInputSchema.partial(), response: { 200: groupSchema } },
    },
    async (req) => presentGroup(await updateGroup(ctx, caller(req), req.params.id, req.body)),
  );

  app.delete(
    '/groups/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParamsSchema } },
    async (req, reply) => {
      await deleteGroup(ctx, caller(req), req.params.id);
      return reply.status(204).send();
    },
  );
};
