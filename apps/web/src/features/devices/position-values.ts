import type { Position } from '@waymark/contracts/device';
import { formatLatLon } from '../../lib/format/coordinates';
import { formatTime } from '../../lib/format/time';
import { formatDistance, formatSpeed } from '../../lib/format/units';
import type { DisplayPreferences } from '../../lib/preferences';

/** Position attributes in metres or milliseconds, shown in the user's units. */
const DISTANCE_ATTRIBUTES = new Set(['distance', 'totalDistance', 'odometer', 'tripOdometer']);
const DURATION_ATTRIBUTES = new Set(['hours']);

/** An attribute value as text, converted where its unit is known. */
export function formatAttribute(key: string, value: unknown, prefs: DisplayPreferences): string {
  if (typeof value === 'number' && DISTANCE_ATTRIBUTES.has(key)) return formatDistance(value, prefs.units.distance);
  if (typeof value === 'number' && DURATION_ATTRIBUTES.has(key)) return `${(value / 3_600_000).toFixed(1)} h`;
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export type PositionField =
  | 'fixTime'
  | 'deviceTime'
  | 'serverTime'
  | 'coordinates'
  | 'speed'
  | 'course'
  | 'altitude'
  | 'accuracy'
  | 'valid'
  | 'outdated'
  | 'address'
  | 'protocol';

/** A position's main fields as label keys and display text. */
export function positionFields(
  position: Position,
  prefs: DisplayPreferences,
  language: string,
  yesNo: (value: boolean) => string,
): [PositionField, string][] {
  return [
    ['fixTime', formatTime(position.fixTime, language)],
    ['deviceTime', formatTime(position.deviceTime, language)],
    ['serverTime', formatTime(position.serverTime, language)],
    ['coordinates', formatLatLon(position.latitude, position.longitude, prefs.coordinates)],
    ['speed', formatSpeed(position.speed, prefs.units.speed)],
    ['course', `${Math.round(position.course)}°`],
    ['altitude', `${Math.round(position.altitude)} m`],
    ['accuracy', `${Math.round(position.accuracy)} m`],
    ['valid', yesNo(position.valid)],
    ['outdated', yesNo(position.outdated)],
    ['address', position.address ?? '—'],
    ['protocol', position.protocol ?? '—'],
  ];
}
