import type { EventContext } from './types';

const sameIds = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const alerts = (value: unknown) => value !== false && value !== 'false';

/**
 * geofenceEnter / geofenceExit: the difference between the geofences the device is confirmed in and those the
 * position is in. With a geofenceDwell setting a change is only confirmed once the device has stayed
 * inside/outside that long (a car cutting a corner fires nothing). The geofence's attributes.alertOnEntry /
 * alertOnExit (false = silent) and its calendar decide whether a confirmed change fires.
 */
export function geofenceEvents(ctx: EventContext): void {
  const { position, last } = ctx;
  if (position.outdated) return;
  const before = ctx.state.geofences ?? last?.geofenceIds ?? [];
  const inside = position.geofenceIds;
  if (!ctx.state.dwell && sameIds(before, inside)) return;
  const linked = (id: number) => ctx.geofences.find((s) => s.id === id);
  const confirmed = new Set(before.filter((id) => linked(id))); // an unlinked or deleted geofence is forgotten
  const pending: Record<string, number> = {};
  const time = position.fixTime.getTime();
  for (const id of new Set([...confirmed, ...inside])) {
    const isIn = inside.includes(id);
    if (isIn === confirmed.has(id)) continue;
    const since = ctx.state.dwell?.[id] ?? time;
    if (time - since < ctx.settings.geofenceDwellMs) {
      pending[id] = since;
      continue;
    }
    if (isIn) confirmed.add(id);
    else confirmed.delete(id);
    const shape = linked(id);
    if (!shape || !alerts(isIn ? shape.attributes.alertOnEntry : shape.attributes.alertOnExit)) continue;
    if (shape.calendarId !== null && !ctx.calendarAllows(shape.calendarId, position.fixTime)) continue;
    ctx.emit(isIn ? 'geofenceEnter' : 'geofenceExit', { geofenceId: id });
  }
  const next = [...confirmed].sort((a, b) => a - b);
  const dwell = Object.keys(pending).length > 0 ? pending : undefined;
  const dwellBefore = ctx.state.dwell;
  const dwellSame =
    dwell === dwellBefore ||
    (dwell !== undefined &&
      dwellBefore !== undefined &&
      Object.keys(dwell).length === Object.keys(dwellBefore).length &&
      Object.entries(dwell).every(([k, v]) => dwellBefore[k] === v));
  if (ctx.state.geofences && sameIds(ctx.state.geofences, next) && dwellSame) return;
  ctx.state.geofences = next;
  if (dwell) ctx.state.dwell = dwell;
  else delete ctx.state.dwell;
  ctx.touch();
}
