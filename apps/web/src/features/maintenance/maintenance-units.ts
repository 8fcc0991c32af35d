import { MAINTENANCE_TIME_TYPES } from '@waymark/contracts/maintenance';
import { convertDistance, type DistanceUnit, distanceToMetres } from '../../lib/format/units';
import { round } from '../../lib/preferences';

export const MAINTENANCE_TYPES = ['totalDistance', 'hours', ...MAINTENANCE_TIME_TYPES] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const isTimeType = (type: string) => (MAINTENANCE_TIME_TYPES as readonly string[]).includes(type);

/** The unit a type's start and period are shown in: the user's distance unit, hours, or a date and days. */
export function periodUnit(type: string, distanceUnit: DistanceUnit): DistanceUnit | 'h' | 'd' {
  if (type === 'totalDistance') return distanceUnit;
  return isTimeType(type) ? 'd' : 'h';
}

/** A stored start or period (metres, ms, epoch ms) → the number shown (time-type starts are shown as dates). */
export function toDisplay(type: string, value: number, distanceUnit: DistanceUnit): number {
  if (type === 'totalDistance') return round(convertDistance(value, distanceUnit), 2);
  return round(value / (isTimeType(type) ? DAY : HOUR), 2);
}

/** The shown number → what the API stores. */
export function fromDisplay(type: string, value: number, distanceUnit: DistanceUnit): number {
  if (type === 'totalDistance') return Math.round(distanceToMetres(value, distanceUnit));
  return Math.round(value * (isTimeType(type) ? DAY : HOUR));
}

/** 'YYYY-MM-DD' (UTC) of an epoch-ms start, and back. */
export const dateOfEpoch = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const epochOfDate = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
