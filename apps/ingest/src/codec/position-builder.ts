import { emptyPositionFix } from '@waymark/contracts/position';
import type { DecodedPosition } from '../protocols/protocol.types';
import { isoTime } from './dates';

/**
 * A decoded position under construction, with the steps Traccar's decoders lean on: start empty (or stamped and
 * waiting for a location), set the time and location, mark "no location of its own", set an attribute only when it
 * has a value, append alarms. Cell towers and Wi-Fi access points are in network.ts.
 */
export type PositionDraft = DecodedPosition & { attributes: Record<string, string | number | boolean | null> };

/** An empty position with Traccar's defaults: no time, no fix, not outdated. */
export function newPosition(): PositionDraft {
  return emptyPositionFix() as PositionDraft;
}

/** A position stamped `time` (ISO-8601, device and fix time) or unstamped, outdated until setLocation gives it one. */
export function newPositionAt(time: string | null = null): PositionDraft {
  const position = newPosition();
  position.deviceTime = time;
  position.fixTime = time;
  position.outdated = true;
  return position;
}

/** Device and fix time at once (a GNSS record stamps both). */
export function setTime(position: PositionDraft, time: Date | number): void {
  const iso = isoTime(time);
  position.deviceTime = iso;
  position.fixTime = iso;
}

/** Sets the location of a position (and clears `outdated`); throws when the coordinates are out of range. */
export function setLocation(position: PositionDraft, latitude: number, longitude: number): void {
  if (
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    throw new Error(`coordinates out of range: ${latitude}, ${longitude}`);
  }
  position.latitude = latitude;
  position.longitude = longitude;
  position.outdated = false;
}

/**
 * The message carries no location of its own (status, alarm, cell-only): the pipeline reuses the last known one.
 * A time the message does carry becomes the device time; what the position already holds stays.
 */
export function markOutdated(position: PositionDraft, deviceTime?: Date | null): void {
  position.outdated = true;
  if (deviceTime) position.deviceTime = isoTime(deviceTime);
}

/**
 * Like markOutdated, for a position that may already hold a fix: the fix is dropped (no fix time, not valid, every
 * coordinate and motion field back to 0) and the device time becomes `deviceTime` or none.
 */
export function clearFix(position: PositionDraft, deviceTime?: Date | number | null): PositionDraft {
  position.outdated = true;
  position.fixTime = null;
  position.valid = false;
  position.latitude = 0;
  position.longitude = 0;
  position.altitude = 0;
  position.speed = 0;
  position.course = 0;
  position.deviceTime = deviceTime === undefined || deviceTime === null ? null : isoTime(deviceTime);
  return position;
}

/** Sets an attribute unless the value is missing (undefined/null/NaN) or an empty string, as Traccar does. */
export function setAttribute(
  position: PositionDraft,
  key: string,
  value: string | number | boolean | null | undefined,
): void {
  if (value === undefined || value === null || value === '') return;
  if (typeof value === 'number' && !Number.isFinite(value)) return;
  position.attributes[key] = value;
}

/** Appends an alarm to the comma-separated `alarm` attribute ("a,b"), as Traccar's Position.addAlarm does. */
export function addAlarm(position: PositionDraft, alarm: string | null | undefined): void {
  if (!alarm) return;
  const current = position.attributes.alarm;
  position.attributes.alarm = typeof current === 'string' && current !== '' ? `${current},${alarm}` : alarm;
}

/** addAlarm that keeps each alarm once (for protocols whose flag bits can name the same alarm twice). */
export function addAlarmOnce(position: PositionDraft, alarm: string | null | undefined): void {
  if (!alarm) return;
  const current = position.attributes.alarm;
  if (typeof current !== 'string' || current === '') position.attributes.alarm = alarm;
  else if (!current.split(',').includes(alarm)) position.attributes.alarm = `${current},${alarm}`;
}
