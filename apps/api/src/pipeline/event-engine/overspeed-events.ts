import type { EventContext } from './types';
import { numeric } from './types';

/** The lowest speed limit that applies (knots): the device's inherited setting or a geofence it is in. */
export function speedLimitOf(ctx: EventContext): { limit: number; geofenceId?: number } {
  let best: { limit: number; geofenceId?: number } = { limit: ctx.settings.speedLimit };
  if (ctx.position.geofenceIds.length === 0) return best;
  for (const shape of ctx.geofences) {
    const limit = numeric(shape.attributes.speedLimit);
    if (limit === null || limit <= 0 || !ctx.position.geofenceIds.includes(shape.id)) continue;
    if (best.limit <= 0 || limit < best.limit) best = { limit, geofenceId: shape.id };
  }
  return best;
}

/**
 * deviceOverspeed: once per episode above the speed limit, after it has lasted overspeedMinimalDuration ms.
 * The episode ends when the speed is back at or under the limit.
 */
export function overspeedEvents(ctx: EventContext): void {
  const { position } = ctx;
  const episode = ctx.state.overspeed;
  if (position.outdated || (ctx.settings.speedLimit <= 0 && position.geofenceIds.length === 0 && !episode)) return;
  const { limit, geofenceId } = speedLimitOf(ctx);
  if (limit <= 0 || position.speed <= limit) {
    if (episode) {
      delete ctx.state.overspeed;
      ctx.touch();
    }
    return;
  }
  const time = position.fixTime.getTime();
  if (episode?.fired) return;
  const since = episode?.since ?? time;
  const fired = time - since >= ctx.settings.overspeedMinimalDuration;
  if (!episode || fired) {
    ctx.state.overspeed = { since, fired };
    ctx.touch();
  }
  if (fired) {
    ctx.emit('deviceOverspeed', {
      ...(geofenceId === undefined ? {} : { geofenceId }),
      attributes: { speed: position.speed, speedLimit: limit },
    });
  }
}
