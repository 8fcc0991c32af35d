import type { Position } from '@waymark/contracts/device';
import {
  convertDistance,
  convertSpeed,
  convertVolume,
  DISTANCE_LABEL,
  SPEED_LABEL,
  type UnitPreferences,
  VOLUME_LABEL,
} from '../../../lib/format/units';

/** The position fields a chart can draw; attributes with numbers come after them. */
const FIELDS = ['speed', 'altitude', 'course', 'accuracy'] as const;
/** Attribute keys that hold a distance in metres, a volume in litres, or a duration in milliseconds. */
const DISTANCES = new Set(['odometer', 'totalDistance', 'distance', 'tripOdometer', 'serviceOdometer']);
const VOLUMES = new Set(['fuel', 'fuelUsed', 'fuelConsumption']);
const DURATIONS = new Set(['hours']);
/** The most points drawn per series: more add nothing a screen can show and slow the chart down. */
export const MAX_CHART_POINTS = 2000;

/** A key's value at a position: a field, or a numeric attribute; null when it has none. */
export function seriesValue(position: Position, key: string): number | null {
  const raw = (FIELDS as readonly string[]).includes(key)
    ? position[key as (typeof FIELDS)[number]]
    : position.attributes[key];
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
}

/** The keys the positions have numbers for: the fields first, then the attributes by name. */
export function numericKeys(positions: readonly Position[]): string[] {
  const attributes = new Set<string>();
  for (const position of positions) {
    for (const [key, value] of Object.entries(position.attributes)) {
      if (typeof value === 'number' && Number.isFinite(value)) attributes.add(key);
    }
  }
  return [...FIELDS, ...[...attributes].sort()];
}

/** A value in the user's unit (speeds from knots, distances from metres, volumes from litres, hours from ms). */
export function convertValue(key: string, value: number, units: UnitPreferences): number {
  if (key === 'speed') return convertSpeed(value, units.speed);
  if (DISTANCES.has(key)) return convertDistance(value, units.distance);
  if (VOLUMES.has(key)) return convertVolume(value, units.volume);
  if (DURATIONS.has(key)) return value / 3_600_000;
  return value;
}

/** The unit a key is shown in, or null for a plain number. */
export function unitOf(key: string, units: UnitPreferences): string | null {
  if (key === 'speed') return SPEED_LABEL[units.speed];
  if (DISTANCES.has(key)) return DISTANCE_LABEL[units.distance];
  if (VOLUMES.has(key)) return VOLUME_LABEL[units.volume];
  if (DURATIONS.has(key)) return 'h';
  if (key === 'altitude' || key === 'accuracy') return 'm';
  if (key === 'course') return '°';
  return null;
}

export interface ChartSeries {
  /** the data key in the chart's rows */
  name: string;
  key: string;
  deviceId: number;
}

/**
 * The chart's rows: one per position (thinned to MAX_CHART_POINTS per device), `time` in ms and one column per
 * series (key × device), converted to the user's units. A series is named by its index, as chart data keys must
 * not contain dots.
 */
export function chartRows(positions: readonly Position[], keys: readonly string[], units: UnitPreferences) {
  const deviceIds = [...new Set(positions.map((p) => p.deviceId))].sort((a, b) => a - b);
  const series: ChartSeries[] = deviceIds.flatMap((deviceId) => keys.map((key) => ({ key, deviceId, name: '' })));
  series.forEach((s, index) => {
    s.name = `s${index}`;
  });
  const rows: Array<Record<string, number>> = [];
  for (const deviceId of deviceIds) {
    const own = positions.filter((p) => p.deviceId === deviceId);
    const step = Math.max(1, Math.ceil(own.length / MAX_CHART_POINTS));
    const mine = series.filter((s) => s.deviceId === deviceId);
    for (let i = 0; i < own.length; i += step) {
      const position = own[i] as Position;
      const row: Record<string, number> = { time: new Date(position.fixTime).getTime() };
      for (const s of mine) {
        const value = seriesValue(position, s.key);
        if (value !== null) row[s.name] = Math.round(convertValue(s.key, value, units) * 100) / 100;
      }
      rows.push(row);
    }
  }
  rows.sort((a, b) => (a.time ?? 0) - (b.time ?? 0));
  return { rows, series };
}
