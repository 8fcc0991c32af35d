import type { ListQuery } from '@waymark/contracts/common';
import type { DriverInput } from '@waymark/contracts/driver';
import type { Driver, Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { linkedResource, newRowTenant } from '../shared/linked-resources';

const DRIVER_NOT_FOUND = 'Driver not found';
const DRIVER_CLASH = 'A driver with this identifier already exists';

const drivers = linkedResource({
  kind: 'driver',
  model: (db: Prisma.TransactionClient) => db.driver,
  notFound: DRIVER_NOT_FOUND,
  audit: { action: 'driver', objectType: 'driver' },
  orderBy: [{ id: 'asc' }],
  links: {
    group: (groupId) => ({ groups: { some: { groupId } } }),
    device: (deviceId) => ({ devices: { some: { deviceId } } }),
    keyword: (keyword) => ({
      OR: [
        { name: { contains: keyword, mode: 'insensitive' } },
        { uniqueId: { contains: keyword, mode: 'insensitive' } },
      ],
    }),
  },
});

const day = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/** A driver body as row data: the dates parsed; the tenant is never changed by a body. */
function data(input: Partial<DriverInput>): Prisma.DriverUncheckedUpdateInput {
  const { tenantId: _tenant, attributes, cardIssueDate, cardExpirationDate, birthday, ...rest } = input;
  const out: Prisma.DriverUncheckedUpdateInput = { ...rest };
  if (attributes !== undefined) out.attributes = attributes as Prisma.InputJsonValue;
  if (cardIssueDate !== undefined) out.cardIssueDate = day(cardIssueDate);
  if (cardExpirationDate !== undefined) out.cardExpirationDate = day(cardExpirationDate);
  if (birthday !== undefined) out.birthday = day(birthday);
  return out;
}

/**
 * uniqueId is unique within a tenant (the platform's own drivers count as one more tenant). Checked on the
 * unscoped client: a clash with a row the caller cannot see is still a clash.
 */
async function refuseClash(ctx: AppContext, tenantId: number | null, uniqueId: string, except?: number) {
  const clash = await ctx.db.driver.findFirst({
    where: { tenantId, uniqueId, ...(except ? { id: { not: except } } : {}) },
    select: { id: true },
  });
  if (clash) throw conflict(DRIVER_CLASH);
}

/**
 * The driver a change addresses by `key`: its uniqueId first; a Traccar client sends the numeric id, used when no
 * driver of the caller has that uniqueId.
 */
async function byUniqueIdOrId(auth: AuthContext, key: string): Promise<Driver> {
  const byUnique = await auth.db.driver.findFirst({ where: { uniqueId: key }, orderBy: { id: 'asc' } });
  if (byUnique) return byUnique;
  const id = /^\d{1,10}$/.test(key) ? Number(key) : 0;
  return found(id > 0 ? await auth.db.driver.findUnique({ where: { id } }) : null, DRIVER_NOT_FOUND);
}

export const listDrivers = (auth: AuthContext, q: ListQuery) => drivers.list(auth, q);
export const getDriver = drivers.get;
export const deleteDriver = drivers.remove;

export async function createDriver(ctx: AppContext, auth: AuthContext, input: DriverInput): Promise<Driver> {
  const tenantId = newRowTenant(auth, input.tenantId);
  await refuseClash(ctx, tenantId, input.uniqueId);
  return drivers.create(ctx, auth, {
    ...(data(input) as Prisma.DriverUncheckedCreateInput),
    uniqueId: input.uniqueId,
    name: input.name,
    tenantId,
  });
}

/** Changes the driver named by uniqueId (or id); a new uniqueId must not clash within its tenant. */
export async function updateDriver(
  ctx: AppContext,
  auth: AuthContext,
  key: string,
  input: Partial<DriverInput>,
): Promise<Driver> {
  const current = await byUniqueIdOrId(auth, key);
  if (input.uniqueId && input.uniqueId !== current.uniqueId) {
    await refuseClash(ctx, current.tenantId, input.uniqueId, current.id);
  }
  return drivers.update(ctx, auth, current.id, data(input));
}
