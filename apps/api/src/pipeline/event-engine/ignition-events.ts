import type { EventContext } from './types';

/** ignitionOn / ignitionOff: attributes.ignition differs from the previous position's. */
export function ignitionEvents(ctx: EventContext): void {
  const now = ctx.position.attributes.ignition;
  const before = ctx.last?.attributes.ignition;
  if (typeof now !== 'boolean' || typeof before !== 'boolean' || now === before) return;
  ctx.emit(now ? 'ignitionOn' : 'ignitionOff');
}
