import type { ListQuery } from '@waymark/contracts/common';
import type { GeofenceInput } from '@waymark/contracts/geofence';
import type { Geofence, Prisma } from '@waymark/db/client';
import { AreaError, parseArea } from '@waymark/geo/area';
import type { AppContext } from '../../context';
import { badRequest } from '../../http-error';
import { found } from '../../plugins/app/access-scope';
import type { AuthContext } from '../../plugins/app/auth-context';
import { linkedResource, newRowTenant } from '../shared/linked-resources';
import { withGeofenceDefaults } from './geofences.presenter';

const geofences = linkedResource({
  kind: 'geofence',
  model: (db: Prisma.TransactionClient) => db.geofence,
  notFound: 'Geofence not found',
  audit: { action: 'geofence', objectType: 'geofence' },
  orderBy: [{ id: 'asc' }],
  links: {
    group: (groupId) => ({ groups: { some: { groupId } } }),
    device: (deviceId) => ({ devices: { some: { deviceId } } }),
    keyword: (keyword) => ({
      OR: [
        { name: { contains: keyword, mode: 'insensitive' } },
        { description: { contains: keyword, mode: 'insensitive' } },
      ],
    }),
  },
});

/** The area as stored: Traccar's text, refused with the parser's reason when it does not parse. */
function checkArea(area: string): string {
  try {
    parseArea(area);
  } catch (error) {
    if (error instanceof AreaError) throw badRequest(`Invalid geofence area: ${error.message}`);
    throw error;
  }
  return area;
}

/** A calendar named by a body must be one the caller sees. */
async function checkCalendar(auth: AuthContext, calendarId: number | null | undefined) {
  if (calendarId) {
    found(await auth.db.calendar.findUnique({ where: { id: calendarId }, select: { id: true } }), 'Calendar not found');
  }
}

export const listGeofences = (auth: AuthContext, q: ListQuery) => geofences.list(auth, q);
export const getGeofence = geofences.get;
export const deleteGeofence = geofences.remove;

/** A new geofence: its area parses, its calendar is visible, absent attributes get their defaults. */
export async function createGeofence(ctx: AppContext, auth: AuthContext, input: GeofenceInput): Promise<Geofence> {
  const tenantId = newRowTenant(auth, input.tenantId);
  const area = checkArea(input.area);
  await checkCalendar(auth, input.calendarId);
  return geofences.create(ctx, auth, {
    tenantId,
    name: input.name,
    description: input.description ?? null,
    area,
    calendarId: input.calendarId ?? null,
    attributes: withGeofenceDefaults(input.attributes ?? {}) as Prisma.InputJsonValue,
  });
}

/** Changes the fields sent, each checked as on creation. */
export async function updateGeofence(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: Partial<GeofenceInput>,
): Promise<Geofence> {
  const current = await geofences.get(auth, id);
  const data: Prisma.GeofenceUncheckedUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.description !== undefined) data.description = input.description;
  if (input.area !== undefined) data.area = checkArea(input.area);
  if (input.calendarId !== undefined) {
    await checkCalendar(auth, input.calendarId);
    data.calendarId = input.calendarId;
  }
  if (input.attributes !== undefined) data.attributes = withGeofenceDefaults(input.attributes) as Prisma.InputJsonValue;
  return geofences.update(ctx, auth, current.id, data);
}
