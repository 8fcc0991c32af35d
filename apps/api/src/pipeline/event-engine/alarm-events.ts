import type { EventContext } from './types';

/** The alarm values of a position: attributes.alarm, comma-separated when several are raised at once. */
export function alarmsOf(value: unknown): string[] {
  if (typeof value !== 'string' || value === '') return [];
  return [...new Set(value.split(',').map((a) => a.trim()))].filter((a) => a !== '').sort();
}

/**
 * alarm: each alarm value fires once while it stays raised (devices repeat it in every message until it is
 * cleared); a value that is cleared and raised again fires again.
 */
export function alarmEvents(ctx: EventContext): void {
  if (ctx.position.attributes.alarm === undefined && !ctx.state.alarms) return;
  const raised = alarmsOf(ctx.position.attributes.alarm);
  const before = ctx.state.alarms ?? [];
  if (raised.length === 0 && before.length === 0) return;
  for (const alarm of raised) {
    if (!before.includes(alarm)) ctx.emit('alarm', { attributes: { alarm } });
  }
  if (raised.length !== before.length || raised.some((a, i) => a !== before[i])) {
    if (raised.length === 0) delete ctx.state.alarms;
    else ctx.state.alarms = raised;
    ctx.touch();
  }
}
