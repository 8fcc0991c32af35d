import type { EventContext } from './types';

/** driverChanged: attributes.driverUniqueId differs from the previous position's (a new card or key). */
export function driverEvents(ctx: EventContext): void {
  const now = ctx.position.attributes.driverUniqueId;
  if ((typeof now !== 'string' && typeof now !== 'number') || now === '') return;
  const before = ctx.last?.attributes.driverUniqueId;
  if (before !== undefined && String(before) === String(now)) return;
  ctx.emit('driverChanged', { attributes: { driverUniqueId: String(now) } });
}
