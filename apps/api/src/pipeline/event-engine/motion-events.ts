import type { EventContext } from './types';
import { numeric } from './types';

/**
 * deviceMoving / deviceStopped with hysteresis: a change of attributes.motion is only pending until the device
 * has moved minimalTripDistance metres or for minimalTripDuration ms (a trip starts), or stayed still for
 * minimalParkingDuration ms (it stops). Back to the confirmed state before that: nothing fires. A gap without
 * data longer than minimalNoDataDuration while moving ends the trip at once.
 */
export function motionEvents(ctx: EventContext): void {
  const { position, last, settings } = ctx;
  if (position.outdated || typeof position.attributes.motion !== 'boolean') return;
  const moving = position.attributes.motion;
  const time = position.fixTime.getTime();
  const total = numeric(position.attributes.totalDistance) ?? 0;
  let state = ctx.state.motion;
  if (!state) {
    // first sight: the stored latest position says where it stands
    state = { moving: last?.attributes.motion === true };
    ctx.state.motion = state;
    ctx.touch();
  }
  if (
    state.moving &&
    last &&
    settings.minimalNoDataDuration > 0 &&
    time - last.fixTime.getTime() > settings.minimalNoDataDuration
  ) {
    // silent for too long while moving: the trip ended in the gap
    state = { moving: false };
    ctx.state.motion = state;
    ctx.touch();
    ctx.emit('deviceStopped', { attributes: { noData: true } });
  }
  if (moving === state.moving) {
    if (state.since !== undefined) {
      delete state.since;
      delete state.distance;
      ctx.touch();
    }
    return;
  }
  if (state.since === undefined) {
    state.since = time;
    state.distance = total;
    ctx.touch();
  }
  const duration = time - state.since;
  const confirmed = moving
    ? duration >= settings.minimalTripDuration || total - (state.distance ?? total) >= settings.minimalTripDistance
    : duration >= settings.minimalParkingDuration;
  if (!confirmed) return;
  ctx.state.motion = { moving };
  ctx.touch();
  ctx.emit(moving ? 'deviceMoving' : 'deviceStopped');
}
