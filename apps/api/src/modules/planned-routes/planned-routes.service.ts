import type { ListQuery } from '@waymark/contracts/common';
import type { RouteDto, RouteInput, RouteUpdate } from '@waymark/contracts/route';
import { DEFAULT_ROUTE_COLOR } from '@waymark/contracts/route';
import type { Prisma } from '@waymark/db/client';
import { AreaError, parseArea } from '@waymark/geo/area';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http-error';
import type { AuthContext } from '../../plugins/app/auth-context';
import { linkedResource, nameOrDescriptionHas, newRowTenant } from '../shared/linked-resources';

const WITH_LINKS = { devices: { select: { deviceId: true } }, groups: { select: { groupId: true } } } as const;
type RouteRow = Prisma.RouteGetPayload<{ include: typeof WITH_LINKS }>;

/** The route model with its device and group links loaded on every read and write. */
const withLinks = (db: Prisma.TransactionClient) => ({
  findUnique: (a: { where: { id: number } }) => db.route.findUnique({ ...a, include: WITH_LINKS }),
  findMany: (a: { where: { AND: Prisma.RouteWhereInput[] }; orderBy: Prisma.RouteOrderByWithRelationInput[] }) =>
    db.route.findMany({ ...a, include: WITH_LINKS }),
  create: (a: { data: Prisma.RouteUncheckedCreateInput }) => db.route.create({ ...a, include: WITH_LINKS }),
  update: (a: { where: { id: number }; data: Prisma.RouteUncheckedUpdateInput }) =>
    db.route.update({ ...a, include: WITH_LINKS }),
  delete: (a: { where: { id: number } }) => db.route.delete(a),
});

const routes = linkedResource({
  kind: null,
  model: withLinks,
  notFound: 'Route not found',
  audit: { action: 'route', objectType: 'route' },
  orderBy: [{ name: 'asc' }, { id: 'asc' }],
  links: {
    group: (groupId) => ({ groups: { some: { groupId } } }),
    device: (deviceId) => ({ devices: { some: { deviceId } } }),
    keyword: nameOrDescriptionHas,
  },
});

export function presentRoute(row: RouteRow): RouteDto {
  const attributes = (row.attributes ?? {}) as Record<string, unknown>;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    area: row.area,
    width: row.width,
    color: typeof attributes.color === 'string' ? attributes.color : DEFAULT_ROUTE_COLOR,
    deviceIds: row.devices.map((d) => d.deviceId).sort((a, b) => a - b),
    groupIds: row.groups.map((g) => g.groupId).sort((a, b) => a - b),
    tenantId: row.tenantId,
  };
}

/** The line as stored: a LINESTRING that parses (circles and polygons are geofences, not routes). */
function checkLine(area: string): string {
  try {
    if (parseArea(area).type === 'polyline') return area;
  } catch (error) {
    if (error instanceof AreaError) throw badRequest(`Invalid route line: ${error.message}`);
    throw error;
  }
  throw badRequest('Invalid route line: a route is a LINESTRING');
}

/** Devices and groups named by a body must all be ones the caller sees (a foreign id is a 404, like a missing one). */
async function checkLinks(auth: AuthContext, deviceIds: readonly number[], groupIds: readonly number[]) {
  const unique = (ids: readonly number[]) => [...new Set(ids)];
  const devices = unique(deviceIds);
  const groups = unique(groupIds);
  if (devices.length > 0 && (await auth.db.device.count({ where: { id: { in: devices } } })) !== devices.length) {
    throw notFound('Device not found');
  }
  if (groups.length > 0 && (await auth.db.group.count({ where: { id: { in: groups } } })) !== groups.length) {
    throw notFound('Group not found');
  }
  return { devices, groups };
}

export const listRoutes = (auth: AuthContext, q: ListQuery) => routes.list(auth, q);
export const getRoute = routes.get;
export const deleteRoute = routes.remove;

export async function createRoute(ctx: AppContext, auth: AuthContext, input: RouteInput): Promise<RouteRow> {
  const tenantId = newRowTenant(auth, input.tenantId);
  const area = checkLine(input.area);
  const { devices, groups } = await checkLinks(auth, input.deviceIds, input.groupIds);
  return routes.create(ctx, auth, {
    tenantId,
    name: input.name,
    description: input.description ?? null,
    area,
    width: input.width,
    attributes: input.color ? { color: input.color } : {},
    devices: { create: devices.map((deviceId) => ({ deviceId })) },
    groups: { create: groups.map((groupId) => ({ groupId })) },
  });
}

/** Changes the fields sent; deviceIds and groupIds, when sent, replace the route's links. */
export async function updateRoute(ctx: AppContext, auth: AuthContext, id: number, input: RouteUpdate) {
  const current = await routes.get(auth, id);
  const data: Prisma.RouteUncheckedUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.description !== undefined) data.description = input.description;
  if (input.area !== undefined) data.area = checkLine(input.area);
  if (input.width !== undefined) data.width = input.width;
  if (input.color !== undefined) {
    data.attributes = { ...((current.attributes ?? {}) as Record<string, unknown>), color: input.color };
  }
  const links = await checkLinks(auth, input.deviceIds ?? [], input.groupIds ?? []);
  if (input.deviceIds !== undefined) {
    data.devices = { deleteMany: {}, create: links.devices.map((deviceId) => ({ deviceId })) };
  }
  if (input.groupIds !== undefined) {
    data.groups = { deleteMany: {}, create: links.groups.map((groupId) => ({ groupId })) };
  }
  return routes.update(ctx, auth, current.id, data);
}
