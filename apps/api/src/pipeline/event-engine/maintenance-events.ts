import { MAINTENANCE_TIME_TYPES } from '@waymark/contracts/maintenance';
import type { EventContext, MaintenanceLink } from './types';
import { numeric } from './types';

const TIME_TYPES: readonly string[] = MAINTENANCE_TIME_TYPES;

/** What a maintenance counts: a time type counts the fix time (epoch ms), the others their attribute. */
function counted(type: string, attributes: Record<string, unknown>, fixTime: Date): number | null {
  return TIME_TYPES.includes(type) ? fixTime.getTime() : numeric(attributes[type]);
}

/** Which service interval a value is in: -1 before `start`, then 0, 1, … every `period`. */
const intervalOf = (m: MaintenanceLink, value: number) =>
  value < m.start ? -1 : Math.floor((value - m.start) / m.period);

/**
 * maintenance: the counted value (totalDistance, hours, or the fix time) crossed start + k·period between the
 * previous position and this one. Reminders (attributes.isReminder) are the reminders' own business.
 */
export function maintenanceEvents(ctx: EventContext): void {
  const { position, last } = ctx;
  if (ctx.maintenances.length === 0 || !last || position.fixTime.getTime() <= last.fixTime.getTime()) return;
  for (const m of ctx.maintenances) {
    if (m.period <= 0 || m.attributes.isReminder === true || m.attributes.isReminder === 'true') continue;
    const before = counted(m.type, last.attributes, last.fixTime);
    const now = counted(m.type, position.attributes, position.fixTime);
    if (before === null || now === null || now <= before) continue;
    if (intervalOf(m, now) > intervalOf(m, before)) {
      ctx.emit('maintenance', { maintenanceId: m.id, attributes: { [m.type]: now } });
    }
  }
}
