import type { GroupInput } from '@waymark/contracts/group';
import { groupInputSchema, groupSchema } from '@waymark/contracts/group';
import type { Prisma } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import type { AuthContext } from '../session/auth-context';
import { linkedListConditions, newRowTenant } from '../shared/linked-resources';
import { listPage, listQuerySchema } from '../shared/list-query';
import { checkParent, refuseLongGroupIds } from './group-tree';
import { presentGroup } from './groups.presenter';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const FLAGS = ['VIEW_GROUPS'] as const;
const NOT_FOUND = 'Group not found';

/** The parent named by a body: parentGroupId, else Traccar's groupId; undefined when neither was sent. */
const parentOf = (input: Partial<GroupInput>) =>
  input.parentGroupId !== undefined ? input.parentGroupId : input.groupId;

async function checkUser(auth: AuthContext, userId: number | null | undefined) {
  if (userId) found(await auth.db.user.findUnique({ where: { id: userId }, select: { id: true } }), 'User not found');
}

/** Traccar's /api/groups: a tree of device groups whose attributes carry settings the devices inherit. */
export const groupsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preValidation', refuseLongGroupIds);

  app.get(
    '/groups',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(groupSchema) } },
    },
    async (req) => {
      const auth = caller(req);
      const where = await linkedListConditions<Prisma.GroupWhereInput>(auth, req.query, null, {
        user: (userId) => ({ OR: [{ userId }, { userGroups: { some: { userId } } }] }),
        group: (groupId) => ({ parentGroupId: groupId }),
        device: (deviceId) => ({ devices: { some: { id: deviceId } } }),
        keyword: (keyword) => ({ name: { contains: keyword, mode: 'insensitive' } }),
      });
      const rows = await auth.db.group.findMany({
        where: { AND: where },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        ...listPage(req.query),
      });
      return rows.map(presentGroup);
    },
  );

  app.get(
    '/groups/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams, response: { 200: groupSchema } } },
    async (req) =>
      presentGroup(found(await caller(req).db.group.findUnique({ where: { id: req.params.id } }), NOT_FOUND)),
  );

  app.post(
    '/groups',
    { config: { permissions: [...FLAGS] }, schema: { body: groupInputSchema, response: { 200: groupSchema } } },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      const tenantId = newRowTenant(auth, body.tenantId);
      const parent = parentOf(body) ?? null;
      if (parent !== null) await checkParent(auth.db, null, parent, tenantId);
      await checkUser(auth, body.userId);
      const row = await auth.db.group.create({
        data: {
          name: body.name,
          tenantId,
          parentGroupId: parent,
          userId: body.userId ?? null,
          active: body.active ?? true,
          attributes: (body.attributes ?? {}) as Prisma.InputJsonValue,
        },
      });
      await audit(ctx, {
        action: 'group.created',
        userId: auth.user.id,
        tenantId,
        objectType: 'group',
        objectId: row.id,
      });
      return presentGroup(row);
    },
  );

  app.put(
    '/groups/:id',
    {
      config: { permissions: [...FLAGS] },
      schema: { params: idParams, body: groupInputSchema.partial(), response: { 200: groupSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const body = req.body;
      const current = found(await auth.db.group.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      const parent = parentOf(body);
      if (parent !== undefined && parent !== null) {
        await checkParent(auth.db, current.id, parent, current.tenantId);
      }
      await checkUser(auth, body.userId);
      const data: Prisma.GroupUncheckedUpdateInput = {};
      if (body.name !== undefined) data.name = body.name;
      if (parent !== undefined) data.parentGroupId = parent;
      if (body.userId !== undefined) data.userId = body.userId;
      if (body.active !== undefined) data.active = body.active;
      if (body.attributes !== undefined) data.attributes = body.attributes as Prisma.InputJsonValue;
      const row = await auth.db.group.update({ where: { id: current.id }, data });
      await audit(ctx, {
        action: 'group.updated',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'group',
        objectId: row.id,
      });
      return presentGroup(row);
    },
  );

  app.delete(
    '/groups/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const row = found(await auth.db.group.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      // Devices stay (ungrouped); subgroups move up to the deleted group's parent.
      await auth.db.$transaction(async (tx) => {
        await tx.device.updateMany({ where: { groupId: row.id }, data: { groupId: null } });
        await tx.group.updateMany({ where: { parentGroupId: row.id }, data: { parentGroupId: row.parentGroupId } });
        await tx.group.delete({ where: { id: row.id } });
      });
      await audit(ctx, {
        action: 'group.deleted',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'group',
        objectId: row.id,
      });
      return reply.status(204).send();
    },
  );
};
