import type { DriverInput } from '@waymark/contracts/driver';
import { driverInputSchema, driverSchema } from '@waymark/contracts/driver';
import type { Prisma } from '@waymark/db/client';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import { caller } from '../../plugins/app/auth';
import { audit } from '../audit/audit';
import type { AuthContext } from '../session/auth-context';
import { deleteLinked, linkCreator, linkedListConditions, newRowTenant } from '../shared/linked-resources';
import { listPage, listQuerySchema } from '../shared/list-query';
import { presentDriver } from './drivers.presenter';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const uniqueIdParams = z.object({ uniqueId: z.string().trim().min(1).max(128) });
const FLAGS = ['VIEW_DRIVERS'] as const;
const NOT_FOUND = 'Driver not found';
const CLASH = 'A driver with this identifier already exists';

const day = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

function data(input: Partial<DriverInput>): Prisma.DriverUncheckedUpdateInput {
  const { tenantId: _tenant, attributes, cardIssueDate, cardExpirationDate, birthday, ...rest } = input;
  const out: Prisma.DriverUncheckedUpdateInput = { ...rest };
  if (attributes !== undefined) out.attributes = attributes as Prisma.InputJsonValue;
  if (cardIssueDate !== undefined) out.cardIssueDate = day(cardIssueDate);
  if (cardExpirationDate !== undefined) out.cardExpirationDate = day(cardExpirationDate);
  if (birthday !== undefined) out.birthday = day(birthday);
  return out;
}

/** uniqueId is unique within a tenant (the platform's own drivers count as one more tenant). */
async function refuseClash(ctx: AppContext, tenantId: number | null, uniqueId: string, except?: number) {
  const clash = await ctx.db.driver.findFirst({
    where: { tenantId, uniqueId, ...(except ? { id: { not: except } } : {}) },
    select: { id: true },
  });
  if (clash) throw conflict(CLASH);
}

/**
 * The driver a PUT addresses: SPEC.md section 7 names it by uniqueId; a Traccar client sends the numeric id,
 * used when no driver of the caller has that uniqueId.
 */
async function byUniqueIdOrId(auth: AuthContext, key: string) {
  const byUnique = await auth.db.driver.findFirst({ where: { uniqueId: key }, orderBy: { id: 'asc' } });
  if (byUnique) return byUnique;
  const id = /^\d{1,10}$/.test(key) ? Number(key) : 0;
  return found(id > 0 ? await auth.db.driver.findUnique({ where: { id } }) : null, NOT_FOUND);
}

/** Traccar's /api/drivers: people identified by the card or tag a tracker reads (driverUniqueId). */
export const driversRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/drivers',
    {
      config: { permissions: [...FLAGS] },
      schema: { querystring: listQuerySchema, response: { 200: z.array(driverSchema) } },
    },
    async (req) => {
      const auth = caller(req);
      const where = await linkedListConditions<Prisma.DriverWhereInput>(auth, req.query, 'driver', {
        group: (groupId) => ({ groups: { some: { groupId } } }),
        device: (deviceId) => ({ devices: { some: { deviceId } } }),
        keyword: (keyword) => ({
          OR: [
            { name: { contains: keyword, mode: 'insensitive' } },
            { uniqueId: { contains: keyword, mode: 'insensitive' } },
          ],
        }),
      });
      const rows = await auth.db.driver.findMany({
        where: { AND: where },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
        ...listPage(req.query),
      });
      return rows.map(presentDriver);
    },
  );

  app.get(
    '/drivers/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams, response: { 200: driverSchema } } },
    async (req) =>
      presentDriver(found(await caller(req).db.driver.findUnique({ where: { id: req.params.id } }), NOT_FOUND)),
  );

  app.post(
    '/drivers',
    { config: { permissions: [...FLAGS] }, schema: { body: driverInputSchema, response: { 200: driverSchema } } },
    async (req) => {
      const auth = caller(req);
      const tenantId = newRowTenant(auth, req.body.tenantId);
      await refuseClash(ctx, tenantId, req.body.uniqueId);
      const row = await auth.db.$transaction(async (tx) => {
        const created = await tx.driver.create({
          data: {
            ...(data(req.body) as Prisma.DriverUncheckedCreateInput),
            uniqueId: req.body.uniqueId,
            name: req.body.name,
            tenantId,
          },
        });
        await linkCreator(tx, auth.user.id, 'driver', created.id);
        return created;
      });
      await audit(ctx, {
        action: 'driver.created',
        userId: auth.user.id,
        tenantId,
        objectType: 'driver',
        objectId: row.id,
      });
      return presentDriver(row);
    },
  );

  app.put(
    '/drivers/:uniqueId',
    {
      config: { permissions: [...FLAGS] },
      schema: { params: uniqueIdParams, body: driverInputSchema.partial(), response: { 200: driverSchema } },
    },
    async (req) => {
      const auth = caller(req);
      const current = await byUniqueIdOrId(auth, req.params.uniqueId);
      if (req.body.uniqueId && req.body.uniqueId !== current.uniqueId) {
        await refuseClash(ctx, current.tenantId, req.body.uniqueId, current.id);
      }
      const row = await auth.db.driver.update({ where: { id: current.id }, data: data(req.body) });
      await audit(ctx, {
        action: 'driver.updated',
        userId: auth.user.id,
        tenantId: row.tenantId,
        objectType: 'driver',
        objectId: row.id,
      });
      return presentDriver(row);
    },
  );

  app.delete(
    '/drivers/:id',
    { config: { permissions: [...FLAGS] }, schema: { params: idParams } },
    async (req, reply) => {
      const auth = caller(req);
      const row = found(await auth.db.driver.findUnique({ where: { id: req.params.id } }), NOT_FOUND);
      await deleteLinked(ctx, auth, 'driver', row, (tx) => tx.driver.delete({ where: { id: row.id } }), {
        action: 'driver.deleted',
        objectType: 'driver',
      });
      return reply.status(204).send();
    },
  );
};
