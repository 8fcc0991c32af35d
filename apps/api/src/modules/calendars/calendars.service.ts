import type { CalendarInput } from '@waymark/contracts/calendar';
import type { ListQuery } from '@waymark/contracts/common';
import type { Calendar, Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../plugins/app/auth-context';
import { linkedResource, newRowTenant } from '../shared/linked-resources';
import { calendarText } from './calendar-data';

const calendars = linkedResource({
  kind: 'calendar',
  model: (db: Prisma.TransactionClient) => db.calendar,
  notFound: 'Calendar not found',
  audit: { action: 'calendar', objectType: 'calendar' },
  orderBy: [{ id: 'asc' }],
  links: {
    device: (deviceId) => ({ devices: { some: { id: deviceId } } }),
    keyword: (keyword) => ({ name: { contains: keyword, mode: 'insensitive' } }),
  },
});

export const listCalendars = (auth: AuthContext, q: ListQuery) => calendars.list(auth, q);
export const getCalendar = calendars.get;
/** Devices, geofences and notifications using the calendar lose it (always active again). */
export const deleteCalendar = calendars.remove;

/** A new calendar: its data is iCalendar text (raw or base64) with at least one readable event. */
export async function createCalendar(ctx: AppContext, auth: AuthContext, input: CalendarInput): Promise<Calendar> {
  const tenantId = newRowTenant(auth, input.tenantId);
  const text = calendarText(input.data);
  return calendars.create(ctx, auth, {
    tenantId,
    name: input.name,
    data: text,
    attributes: (input.attributes ?? {}) as Prisma.InputJsonValue,
  });
}

export async function updateCalendar(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: Partial<CalendarInput>,
): Promise<Calendar> {
  const current = await calendars.get(auth, id);
  const data: Prisma.CalendarUncheckedUpdateInput = {};
  if (input.name !== undefined) data.name = input.name;
  if (input.data !== undefined) data.data = calendarText(input.data);
  if (input.attributes !== undefined) data.attributes = input.attributes as Prisma.InputJsonValue;
  return calendars.update(ctx, auth, current.id, data);
}
