import type { MaintenanceInput, ReminderInput } from '@waymark/contracts/maintenance';
import { reminderAttributesSchema } from '@waymark/contracts/maintenance';
import type { Maintenance } from '@waymark/db/client';
import { Prisma } from '@waymark/db/client';
import { badRequest } from '../../http-error';

type Attributes = Record<string, unknown>;

export const isReminder = (row: Pick<Maintenance, 'attributes'>) =>
  (row.attributes as Attributes | null)?.isReminder === true;

/** Prisma condition: the row is a reminder (attributes.isReminder = true). */
export const REMINDER_WHERE: Prisma.MaintenanceWhereInput = { attributes: { path: ['isReminder'], equals: true } };

/** Prisma condition: not a reminder — isReminder false, another value, or absent (a missing key is SQL NULL). */
export const NOT_REMINDER_WHERE: Prisma.MaintenanceWhereInput = {
  OR: [{ NOT: REMINDER_WHERE }, { attributes: { path: ['isReminder'], equals: Prisma.AnyNull } }],
};

/**
 * A reminder's attributes, checked (item and expiry required, sendTo a list of emails) with isReminder forced
 * true (a reminder body cannot make a plain maintenance row); a 400 names the first problem.
 */
export function reminderAttributes(attributes: Attributes): Attributes {
  const parsed = reminderAttributesSchema.safeParse({ ...attributes, isReminder: true });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue ? ['attributes', ...issue.path].join('.') : 'attributes';
    throw badRequest(`Invalid reminder: ${path}: ${issue?.message ?? 'invalid'}`);
  }
  return { ...parsed.data, isReminder: true, expiry: new Date(parsed.data.expiry).toISOString() };
}

/** The columns of a maintenance or reminder row from its checked attributes. */
function columns(attributes: Attributes, reminder: boolean): Prisma.MaintenanceUncheckedUpdateInput {
  return {
    attributes: attributes as Prisma.InputJsonValue,
    // a reminder falls due at its expiry: the scheduler reads nextTime
    ...(reminder ? { nextTime: new Date(attributes.expiry as string) } : {}),
  };
}

/** Row data of a maintenance body; bodies with attributes.isReminder (or rows that are reminders) stay reminders. */
export function maintenanceData(
  input: Partial<MaintenanceInput>,
  current: Maintenance | null,
): Prisma.MaintenanceUncheckedUpdateInput {
  const wasReminder = current !== null && isReminder(current);
  const reminder = wasReminder || input.attributes?.isReminder === true;
  const out: Prisma.MaintenanceUncheckedUpdateInput = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.type !== undefined) out.type = input.type;
  if (input.start !== undefined) out.start = input.start;
  if (input.period !== undefined) {
    if (input.period === 0 && !reminder) throw badRequest("period: Can't be zero");
    out.period = input.period;
  }
  if (input.attributes !== undefined) {
    Object.assign(out, columns(reminder ? reminderAttributes(input.attributes) : input.attributes, reminder));
  } else if (reminder && !wasReminder) {
    throw badRequest('Invalid reminder: attributes are required');
  }
  return out;
}

/** Row data of a reminder body: name defaults to the item, type to 'expiry', period to 0 (once). */
export function reminderData(input: Partial<ReminderInput>, creating: boolean): Prisma.MaintenanceUncheckedUpdateInput {
  const out: Prisma.MaintenanceUncheckedUpdateInput = {};
  const attributes = input.attributes ? reminderAttributes(input.attributes) : undefined;
  if (input.name !== undefined) out.name = input.name;
  else if (creating && attributes) out.name = attributes.item as string;
  if (input.type !== undefined) out.type = input.type;
  else if (creating) out.type = 'expiry';
  if (input.start !== undefined) out.start = input.start;
  if (input.period !== undefined) out.period = input.period;
  if (attributes) Object.assign(out, columns(attributes, true));
  return out;
}
