import type { ListQuery } from '@waymark/contracts/common';
import type { MaintenanceInput, ReminderInput } from '@waymark/contracts/maintenance';
import type { Maintenance, Prisma } from '@waymark/db/client';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../plugins/app/auth-context';
import type { LinkedResourceOptions } from '../shared/linked-resources';
import { linkedResource, newRowTenant } from '../shared/linked-resources';
import { isReminder, maintenanceData, NOT_REMINDER_WHERE, REMINDER_WHERE, reminderData } from './maintenance-data';

/** What /maintenance and /reminders share: the rows, their links, order and audit entries. */
const base = {
  kind: 'maintenance',
  model: (db: Prisma.TransactionClient) => db.maintenance,
  audit: { action: 'maintenance', objectType: 'maintenance' },
  orderBy: [{ id: 'asc' }],
  links: {
    group: (groupId) => ({ groups: { some: { groupId } } }),
    device: (deviceId) => ({ devices: { some: { deviceId } } }),
    keyword: (keyword) => ({
      OR: [
        { name: { contains: keyword, mode: 'insensitive' } },
        { attributes: { path: ['item'], string_contains: keyword } },
      ],
    }),
  },
} satisfies Omit<
  LinkedResourceOptions<
    Maintenance,
    Prisma.MaintenanceUncheckedCreateInput,
    Prisma.MaintenanceUncheckedUpdateInput,
    Prisma.MaintenanceWhereInput,
    Prisma.MaintenanceOrderByWithRelationInput[]
  >,
  'notFound'
>;

/** Every maintenance row, reminders included. */
const maintenance = linkedResource({ ...base, notFound: 'Maintenance not found' });

/** Only the rows that are reminders (attributes.isReminder); another row is not found here. */
const reminders = linkedResource({
  ...base,
  notFound: 'Reminder not found',
  subset: { where: REMINDER_WHERE, has: isReminder },
});

/** Which rows a maintenance list holds: every row, only reminders (true) or no reminders (false). */
export function listMaintenance(auth: AuthContext, q: ListQuery, onlyReminders?: boolean): Promise<Maintenance[]> {
  const extra = onlyReminders === true ? [REMINDER_WHERE] : onlyReminders === false ? [NOT_REMINDER_WHERE] : [];
  return maintenance.list(auth, q, extra);
}
export const getMaintenance = maintenance.get;
export const deleteMaintenance = maintenance.remove;

/** A new maintenance row (a body with attributes.isReminder makes a reminder, checked as one). */
export function createMaintenance(ctx: AppContext, auth: AuthContext, input: MaintenanceInput): Promise<Maintenance> {
  const data = maintenanceData(input, null);
  return maintenance.create(ctx, auth, {
    ...data,
    tenantId: newRowTenant(auth, input.tenantId),
  } as Prisma.MaintenanceUncheckedCreateInput);
}

/** Changes a maintenance row; a reminder stays a reminder. */
export async function updateMaintenance(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: Partial<MaintenanceInput>,
): Promise<Maintenance> {
  const current = await maintenance.get(auth, id);
  return maintenance.update(ctx, auth, current.id, maintenanceData(input, current));
}

export const listReminders = (auth: AuthContext, q: ListQuery) => reminders.list(auth, q);
export const getReminder = reminders.get;
export const deleteReminder = reminders.remove;

/** A new reminder: name defaults to its item, type to 'expiry', period to 0 (once). */
export function createReminder(ctx: AppContext, auth: AuthContext, input: ReminderInput): Promise<Maintenance> {
  const data = reminderData(input, true);
  return reminders.create(ctx, auth, {
    ...data,
    tenantId: newRowTenant(auth, input.tenantId),
  } as Prisma.MaintenanceUncheckedCreateInput);
}

export async function updateReminder(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  input: Partial<ReminderInput>,
): Promise<Maintenance> {
  const current = await reminders.get(auth, id);
  return reminders.update(ctx, auth, current.id, reminderData(input, false));
}
