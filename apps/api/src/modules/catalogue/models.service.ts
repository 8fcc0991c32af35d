import { type DeviceModelInput, PORT_MAX, type ProtocolPort } from '@waymark/contracts/catalogue';
import type { Page, PageQuery } from '@waymark/contracts/common';
import type { DeviceModel, Manufacturer, Prisma } from '@waymark/db/client';
import { protocolCatalogue } from '@waymark/protocols/catalogue';
import type { AppContext } from '../../context';
import { badRequest, conflict } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { audit } from '../audit/audit.service';
import { pageArgs, pageOf } from '../shared/v2';
import { checkCatalogueWrite } from './stock-access';

export type ModelRow = DeviceModel & { manufacturer: Manufacturer | null; _count: { devices: number } };
const include = { manufacturer: true, _count: { select: { devices: true } } } as const;

/** The protocols the platform serves and their ports, by port. */
export function protocolPorts(): ProtocolPort[] {
  return Object.values(protocolCatalogue)
    .map((p) => ({ protocol: p.name, port: p.defaultPort }))
    .sort((a, b) => a.port - b.port);
}

/** The protocol served on a port; a port no protocol listens on is refused, naming the port. */
export function protocolOfPort(port: number): string {
  const match = Object.values(protocolCatalogue).find((p) => p.defaultPort === port);
  if (!match) throw badRequest(`No protocol is served on port ${port}`);
  return match.name;
}

const SORTABLE = ['name', 'port', 'protocol', 'manufacturerName', 'deviceCount'] as const;

/** A model's order: its own columns, its manufacturer's name, or how many devices use it. */
function orderOf(field: (typeof SORTABLE)[number], order: 'asc' | 'desc'): Prisma.DeviceModelOrderByWithRelationInput {
  if (field === 'manufacturerName') return { manufacturer: { name: order } };
  if (field === 'deviceCount') return { devices: { _count: order } };
  return { [field]: order };
}

/** Searched on name, protocol and manufacturer; a number also finds the model on that port. */
function searchWhere(search?: string): Prisma.DeviceModelWhereInput {
  if (!search) return {};
  const contains = { contains: search, mode: 'insensitive' } as const;
  const port = /^\d{1,5}$/.test(search) && Number(search) <= PORT_MAX ? [{ port: Number(search) }] : [];
  return { OR: [{ name: contains }, { protocol: contains }, { manufacturer: { name: contains } }, ...port] };
}

/**
 * A page of device models, with their manufacturer and how many of the caller's devices use each. The order by
 * device count counts every tenant's devices, so a tenant admin's `deviceCount` sorts by name instead: the
 * order would otherwise tell it how other tenants use the models.
 */
export async function pageModels(auth: AuthContext, q: PageQuery): Promise<Page<ModelRow>> {
  const where = searchWhere(q.search);
  const { skip, take } = pageArgs(q, SORTABLE);
  const asked = SORTABLE.find((f) => f === q.sortBy) ?? 'name';
  const field = asked === 'deviceCount' && !auth.scope.platform ? 'name' : asked;
  const [rows, total] = await Promise.all([
    auth.db.deviceModel.findMany({ where, include, skip, take, orderBy: [orderOf(field, q.sortOrder), { id: 'asc' }] }),
    auth.db.deviceModel.count({ where }),
  ]);
  return pageOf(q, await scopedCounts(auth, rows), total);
}

/** An include's count is not scoped: a tenant admin counts its own devices only. */
async function scopedCounts(auth: AuthContext, rows: ModelRow[]): Promise<ModelRow[]> {
  if (auth.scope.platform || rows.length === 0) return rows;
  const counts = await auth.db.device.groupBy({
    by: ['modelId'],
    where: { modelId: { in: rows.map((r) => r.id) } },
    _count: { _all: true },
  });
  const devices = new Map(counts.map((c) => [c.modelId, c._count._all]));
  return rows.map((r) => ({ ...r, _count: { devices: devices.get(r.id) ?? 0 } }));
}

async function checkInput(auth: AuthContext, input: DeviceModelInput, id?: number) {
  const clash = await auth.db.deviceModel.findFirst({
    where: { name: { equals: input.name, mode: 'insensitive' }, NOT: id ? { id } : undefined },
  });
  if (clash) throw conflict('A model with this name already exists');
  if (input.manufacturerId != null) {
    const maker = await auth.db.manufacturer.findUnique({ where: { id: input.manufacturerId } });
    if (!maker) throw badRequest('Unknown manufacturer');
  }
  return {
    name: input.name,
    port: input.port,
    protocol: protocolOfPort(input.port),
    manufacturerId: input.manufacturerId ?? null,
  };
}

export async function createModel(ctx: AppContext, auth: AuthContext, input: DeviceModelInput): Promise<ModelRow> {
  await checkCatalogueWrite(ctx, auth, 'VIEW_MODELS');
  const data = await checkInput(auth, input);
  const row = await auth.db.deviceModel.create({ data, include });
  await audit(ctx, { action: 'model.created', userId: auth.user.id, objectType: 'model', objectId: row.id });
  ctx.deviceSettings?.changed();
  return row;
}

export async function updateModel(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: DeviceModelInput,
): Promise<ModelRow> {
  await checkCatalogueWrite(ctx, auth, 'VIEW_MODELS');
  found(await auth.db.deviceModel.findUnique({ where: { id } }));
  const data = await checkInput(auth, input, id);
  const row = await auth.db.deviceModel.update({ where: { id }, data, include });
  await audit(ctx, { action: 'model.updated', userId: auth.user.id, objectType: 'model', objectId: id });
  ctx.deviceSettings?.changed();
  return row;
}

/** A model still given to devices stays: its devices would lose their protocol. */
export async function deleteModel(ctx: AppContext, auth: AuthContext, id: number): Promise<void> {
  await checkCatalogueWrite(ctx, auth, 'VIEW_MODELS');
  found(await auth.db.deviceModel.findUnique({ where: { id } }));
  const devices = await ctx.db.device.count({ where: { modelId: id } });
  if (devices > 0) throw conflict(`The model is used by ${devices} device(s)`);
  await auth.db.deviceModel.delete({ where: { id } });
  await audit(ctx, { action: 'model.deleted', userId: auth.user.id, objectType: 'model', objectId: id });
  ctx.deviceSettings?.changed();
}
