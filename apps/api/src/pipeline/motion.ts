import type { LastPosition, PipelineConfig, WorkingPosition } from './types';

/**
 * attributes.motion (moving above the speed threshold, unless the device says so itself) and
 * attributes.hours: engine hours in ms, accumulated while ignition stays on between two positions.
 */
export function applyMotion(position: WorkingPosition, config: PipelineConfig): void {
  if (typeof position.attributes.motion !== 'boolean') {
    position.attributes.motion = position.speed > config.motionThresholdKnots;
  }
}

export function applyHours(position: WorkingPosition, last: LastPosition | null): void {
  if (typeof position.attributes.hours === 'number') return; // the device counts hours itself
  const lastHours = Number(last?.attributes.hours ?? 0);
  let hours = lastHours;
  if (
    last &&
    position.fixTime > last.fixTime &&
    last.attributes.ignition === true &&
    position.attributes.ignition === true
  ) {
    hours += position.fixTime.getTime() - last.fixTime.getTime();
  }
  if (hours > 0 || typeof position.attributes.ignition === 'boolean') position.attributes.hours = hours;
}

/** A status/alarm message without its own location takes the latest known one (Traccar's "outdated"). */
export function applyOutdated(position: WorkingPosition, last: LastPosition | null): void {
  if (!position.outdated || !last) return;
  position.latitude = last.latitude;
  position.longitude = last.longitude;
  position.altitude = last.altitude;
  position.course = last.course;
  position.valid = last.valid;
  position.accuracy = last.accuracy;
  position.speed = 0;
}
