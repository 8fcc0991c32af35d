import { maintenanceInputSchema, maintenanceSchema, reminderInputSchema } from '@waymark/contracts/maintenance';
import type { Permission } from '@waymark/contracts/permissions';
import type { Maintenance, Prisma } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import type { AuthContext } from '../session/auth-context';
import { deleteLinked, linkCreator, linkedListConditions, newRowTenant } from '../shared/linked-resources';
import { listPage, listQuerySchema } from '../shared/list-query';
import { presentMaintenance } from './maintenance.presenter';
import { isReminder, maintenanceData, NOT_REMINDER_WHERE, REMINDER_WHERE, reminderData } from './maintenance-data';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const MAINTENANCE: Permission[] = ['VIEW_MAINTENANCES'];
const REMINDERS: Permission[] = ['VIEW_REMIND_MANAGEMENTS'];

interface Resource {
  path: '/maintenance' | '/reminders';
  flags: Permission[];
  /** reminders only (GET /api/reminders), or every row */
  onlyReminders: boolean;
  notFound: string;
}

async function load(auth: AuthContext, res: Resource, id: number): Promise<Maintenance> {
  const row = await auth.db.maintenance.findUnique({ where: { id } });
  return found(row && (!res.onlyReminders || isReminder(row)) ? row : null, res.notFound);
}

async function list(auth: AuthContext, q: z.infer<typeof listQuerySchema>, extra: Prisma.MaintenanceWhereInput[]) {
  const where = await linkedListConditions<Prisma.MaintenanceWhereInput>(auth, q, 'maintenance', {
    group: (groupId) => ({ groups: { some: { groupId } } }),
    device: (deviceId) => ({ devices: { some: { deviceId } } }),
    keyword: (keyword) => ({
      OR: [
        { name: { contains: keyword, mode: 'insensitive' } },
        { attributes: { path: ['item'], string_contains: keyword } },
      ],
    }),
  });
  const rows = await auth.db.maintenance.findMany({
    where: { AND: [...where, ...extra] },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    ...listPage(q),
  });
  return rows.map(presentMaintenance);
}

/** GET /:id and DELETE /:id of either resource (reminders: only reminder rows). */
function readAndDelete(app: Parameters<FastifyPluginAsyncZod>[0], ctx: AppContext, res: Resource) {
  app.get(
    `${res.path}/:id`,
    { config: { permissions: res.flags }, schema: { params: idParams, response: { 200: maintenanceSchema } } },
    async (req) => presentMaintenance(await load(caller(req), res, req.params.id)),
  );
  app.delete(
    `${res.path}/:id`,
    { config: { permissions: res.flags }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const row = await load(auth, res, req.params.id);
      await deleteLinked(ctx, auth, 'maintenance', row, (tx) => tx.maintenance.delete({ where: { id: row.id } }), {
        action: 'maintenance.deleted',
        objectType: 'maintenance',
      });
      return reply.status(204).send();
    },
  );
}

async function create(
  ctx: AppContext,
  auth: AuthContext,
  tenantId: number | null,
  data: Prisma.MaintenanceUncheckedUpdateInput,
) {
  const row = await auth.db.$transaction(async (tx) => {
    const created = await tx.maintenance.create({
      data: { ...data, tenantId } as Prisma.MaintenanceUncheckedCreateInput,
    });
    await linkCreator(tx, auth.user.id, 'maintenance', created.id);
    return created;
  });
  await audit(ctx, {
    action: 'maintenance.created',
    userId: auth.user.id,
    tenantId,
    objectType: 'maintenance',
    objectId: row.id,
  });
  return presentMaintenance(row);
}

async function update(ctx: AppContext, auth: AuthContext, id: number, data: Prisma.MaintenanceUncheckedUpdateInput) {
  const row = await auth.db.maintenance.update({ where: { id }, data });
  await audit(ctx, {
    action: 'maintenance.updated',
    userId: auth.user.id,
    tenantId: row.tenantId,
    objectType: 'maintenance',
    objectId: row.id,
  });
  return presentMaintenance(row);
}

/**
 * Traccar's /api/maintenance (services due by distance, engine hours or time) and /api/reminders (the same rows
 * with attributes.isReminder: an item, remarks, emails to tell and an expiry).
 */
export const maintenanceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const maintenance: Resource = {
    path: '/maintenance',
    flags: MAINTENANCE,
    onlyReminders: false,
    notFound: 'Maintenance not found',
  };
  const reminders: Resource = {
    path: '/reminders',
    flags: REMINDERS,
    onlyReminders: true,
    notFound: 'Reminder not found',
  };

  app.get(
    '/maintenance',
    {
      config: { permissions: MAINTENANCE },
      schema: {
        querystring: listQuerySchema.extend({
          reminders: z.enum(['true', 'false']).optional().describe('false: leave reminders out; true: only them'),
        }),
        response: { 200: z.array(maintenanceSchema) },
      },
    },
    async (req) => {
      const only = req.query.reminders;
      const extra = only === 'true' ? [REMINDER_WHERE] : only === 'false' ? [NOT_REMINDER_WHERE] : [];
      return list(caller(req), req.query, extra);
    },
  );
  readAndDelete(app, ctx, maintenance);
  app.post(
    '/maintenance',
    {
      config: { permissions: MAINTENANCE },
      schema: { body: maintenanceInputSchema, response: { 200: maintenanceSchema } },
    },
    async (req) => {
      const auth = caller(req);
      return create(ctx, auth, newRowTenant(auth, req.body.tenantId), maintenanceData(req.body, null));
    },
  );
  app.put(
    '/maintenance/:id',
    {
      config: { permissions: MAINTENANCE },
      schema: { params: idParams, body: maintenanceInputSchema.partial(), response: { 200: maintenanceSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const current = await load(auth, maintenance, req.params.id);
      return update(ctx, auth, current.id, maintenanceData(req.body, current));
    },
  );

  app.get(
    '/reminders',
    {
      config: { permissions: REMINDERS },
      schema: { querystring: listQuerySchema, response: { 200: z.array(maintenanceSchema) } },
    },
    async (req) => list(caller(req), req.query, [REMINDER_WHERE]),
  );
  readAndDelete(app, ctx, reminders);
  app.post(
    '/reminders',
    { config: { permissions: REMINDERS }, schema: { body: reminderInputSchema, response: { 200: maintenanceSchema } } },
    async (req) => {
      const auth = caller(req);
      return create(ctx, auth, newRowTenant(auth, req.body.tenantId), reminderData(req.body, true));
    },
  );
  app.put(
    '/reminders/:id',
    {
      config: { permissions: REMINDERS },
      schema: { params: idParams, body: reminderInputSchema.partial(), response: { 200: maintenanceSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const current = await load(auth, reminders, req.params.id);
      return update(ctx, auth, current.id, reminderData(req.body, false));
    },
  );
};
