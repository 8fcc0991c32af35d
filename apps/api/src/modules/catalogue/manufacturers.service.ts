import type { ManufacturerInput } from '@waymark/contracts/catalogue';
import type { Page, PageQuery } from '@waymark/contracts/common';
import type { Manufacturer, Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import { conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { pageArgs, pageOf } from '../shared/v2';
import { checkCatalogueWrite } from './stock-access';

export type ManufacturerRow = Manufacturer & { _count: { models: number } };
const withCount = { _count: { select: { models: true } } } as const;

const SORTABLE = ['name', 'website', 'modelCount'] as const;

/** A page of manufacturers, searched on name and website, sortable by how many models each has. */
export async function pageManufacturers(auth: AuthContext, q: PageQuery): Promise<Page<ManufacturerRow>> {
  const contains = q.search ? ({ contains: q.search, mode: 'insensitive' } as const) : undefined;
  const where: Prisma.ManufacturerWhereInput = contains ? { OR: [{ name: contains }, { website: contains }] } : {};
  const { skip, take } = pageArgs(q, SORTABLE);
  const field = SORTABLE.find((f) => f === q.sortBy) ?? 'name';
  const order = field === 'modelCount' ? { models: { _count: q.sortOrder } } : { [field]: q.sortOrder };
  const [rows, total] = await Promise.all([
    auth.db.manufacturer.findMany({ where, include: withCount, skip, take, orderBy: [order, { id: 'asc' }] }),
    auth.db.manufacturer.count({ where }),
  ]);
  return pageOf(q, rows, total);
}

async function unique(auth: AuthContext, name: string, id?: number) {
  const clash = await auth.db.manufacturer.findFirst({
    where: { name: { equals: name, mode: 'insensitive' }, NOT: id ? { id } : undefined },
  });
  if (clash) throw conflict('A manufacturer with this name already exists');
}

export async function createManufacturer(
  ctx: AppContext,
  auth: AuthContext,
  input: ManufacturerInput,
): Promise<ManufacturerRow> {
  await checkCatalogueWrite(ctx, auth, 'VIEW_MODELS');
  const data = { name: input.name, website: input.website };
  await unique(auth, data.name);
  const row = await auth.db.manufacturer.create({ data, include: withCount });
  await audit(ctx, {
    action: 'manufacturer.created',
    userId: auth.user.id,
    objectType: 'manufacturer',
    objectId: row.id,
  });
  return row;
}

export async function updateManufacturer(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: ManufacturerInput,
): Promise<ManufacturerRow> {
  await checkCatalogueWrite(ctx, auth, 'VIEW_MODELS');
  found(await auth.db.manufacturer.findUnique({ where: { id } }));
  const data = { name: input.name, website: input.website };
  await unique(auth, data.name, id);
  const row = await auth.db.manufacturer.update({ where: { id }, data, include: withCount });
  await audit(ctx, { action: 'manufacturer.updated', userId: auth.user.id, objectType: 'manufacturer', objectId: id });
  return row;
}

/** Deleting a manufacturer leaves its models without one. */
export async function deleteManufacturer(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await checkCatalogueWrite(ctx, auth, 'VIEW_MODELS');
  found(await auth.db.manufacturer.findUnique({ where: { id } }));
  await auth.db.manufacturer.delete({ where: { id } });
  await audit(ctx, { action: 'manufacturer.deleted', userId: auth.user.id, objectType: 'manufacturer', objectId: id });
}
