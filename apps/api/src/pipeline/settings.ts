import type { PipelineConfig } from './types';

type Attributes = Record<string, unknown>;

/**
 * Where a device's settings come from, nearest first: its own attributes and threshold columns, its group and
 * the group's parents up the tree, its tenant's attributes, the server's attributes; then the defaults (env).
 * The store reads all of them with the batch's device lock, so a change applies to the very next position.
 */
export interface SettingLayers {
  device: Attributes;
  /** the device's threshold columns (null = not set) */
  columns: {
    fuelDropThreshold: number | null;
    fuelIncreaseThreshold: number | null;
    temperatureDropThreshold: number | null;
    temperatureIncreaseThreshold: number | null;
  };
  /** the device's group first, then its parent, … */
  groups: Attributes[];
  tenant: Attributes;
  server: Attributes;
}

type Reader = (value: unknown) => number | boolean | null;

const number: Reader = (v) => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? n : null;
};
const scaled =
  (factor: number): Reader =>
  (v) => {
    const n = number(v);
    return typeof n === 'number' ? n * factor : null;
  };
const bool: Reader = (v) => (typeof v === 'boolean' ? v : v === 'true' ? true : v === 'false' ? false : null);

/** attribute key (Traccar's names where it has one) → config field and how its value reads */
const SETTINGS: readonly (readonly [string, keyof PipelineConfig, Reader])[] = [
  ['filter.invalid', 'filterInvalid', bool],
  ['filter.zero', 'filterZero', bool],
  ['filter.duplicate', 'filterDuplicate', bool],
  ['filter.future', 'filterFutureMs', scaled(1000)], // seconds, as WAYMARK_FILTER_FUTURE
  ['filter.maxSpeed', 'filterMaxSpeedKnots', number],
  ['speedLimit', 'speedLimit', number],
  ['overspeedMinimalDuration', 'overspeedMinimalDuration', number],
  ['minimalTripDistance', 'minimalTripDistance', number],
  ['minimalTripDuration', 'minimalTripDuration', number],
  ['minimalParkingDuration', 'minimalParkingDuration', number],
  ['minimalNoDataDuration', 'minimalNoDataDuration', number],
  ['fuelDropThreshold', 'fuelDropThreshold', number],
  ['fuelIncreaseThreshold', 'fuelIncreaseThreshold', number],
  ['temperatureDropThreshold', 'temperatureDropThreshold', number],
  ['temperatureIncreaseThreshold', 'temperatureIncreaseThreshold', number],
  ['geofenceDwell', 'geofenceDwellMs', scaled(1000)], // seconds
  ['inactivityPeriod', 'inactivityPeriod', number],
  ['report.trip.minDistance', 'tripMinDistance', number], // metres
  ['report.trip.minDuration', 'tripMinDuration', scaled(1000)], // seconds
  ['report.trip.minParking', 'tripMinParking', scaled(1000)], // seconds
  ['report.trip.stopGap', 'tripStopGap', scaled(1000)], // seconds
  ['report.trip.useIgnition', 'tripUseIgnition', bool],
];

const isEmpty = (o: Attributes) => {
  for (const _ in o) return false;
  return true;
};

/**
 * The device's effective settings. Without any layer setting anything (the common case) it is the defaults
 * object itself, so a batch of unconfigured devices costs a few emptiness checks.
 */
export function resolveSettings(layers: SettingLayers, defaults: PipelineConfig): PipelineConfig {
  const c = layers.columns;
  const order = [layers.device, ...layers.groups, layers.tenant, layers.server].filter((l) => !isEmpty(l));
  if (
    order.length === 0 &&
    c.fuelDropThreshold === null &&
    c.fuelIncreaseThreshold === null &&
    c.temperatureDropThreshold === null &&
    c.temperatureIncreaseThreshold === null
  ) {
    return defaults;
  }
  const settings: PipelineConfig = { ...defaults };
  const out = settings as unknown as Record<string, number | boolean>;
  for (const [key, field, read] of SETTINGS) {
    const column = key in c ? number(c[key as keyof SettingLayers['columns']]) : null;
    if (column !== null) {
      out[field] = column;
      continue;
    }
    for (const layer of order) {
      const value = layer[key] === undefined ? null : read(layer[key]);
      if (value !== null) {
        out[field] = value;
        break;
      }
    }
  }
  return settings;
}
