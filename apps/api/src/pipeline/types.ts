import type { PositionMessage } from '@waymark/contracts/bus';
import type { Position } from '@waymark/contracts/device';
import type { PositionFix } from '@waymark/contracts/position';

/** The fix's own fields a step reads or changes in place: validity, location, speed, course, accuracy, outdated. */
type FixFields = Omit<PositionFix, 'deviceTime' | 'fixTime' | 'network' | 'attributes'>;

/**
 * A position on its way through the pipeline: the served position's fields (contracts' positionSchema) with its
 * times as Dates, plus the bus message it came in and where it came from.
 */
export interface WorkingPosition extends FixFields {
  message: PositionMessage;
  /** bus entry id */
  entryId: string;
  deviceId: Position['deviceId'];
  tenantId: number | null;
  fixTime: Date;
  deviceTime: Date;
  serverTime: Date;
  /** the bus message's ISO texts of the three times, when the Dates were read from them (the store reuses them) */
  texts?: { serverTime: string; deviceTime: string; fixTime: string };
  attributes: Position['attributes'];
  geofenceIds: Position['geofenceIds'];
}

/** What a step needs to know of the device's latest stored position. */
export type LastPosition = Pick<
  WorkingPosition,
  | 'fixTime'
  | 'valid'
  | 'latitude'
  | 'longitude'
  | 'altitude'
  | 'speed'
  | 'course'
  | 'accuracy'
  | 'attributes'
  | 'geofenceIds'
>;

export interface PipelineConfig {
  /** drop positions without a valid fix */
  filterInvalid: boolean;
  /** drop positions at 0,0 */
  filterZero: boolean;
  /** drop a position with the same fix time as the latest one */
  filterDuplicate: boolean;
  /** drop positions dated further in the future than this, ms (0 = off) */
  filterFutureMs: number;
  /** drop a jump implying more than this speed from the latest position, knots (0 = off) */
  filterMaxSpeedKnots: number;
  /** speeds above this count as moving, knots */
  motionThresholdKnots: number;
  /** knots, 0 = none */
  speedLimit: number;
  /** an overspeed lasts this long before it fires, ms */
  overspeedMinimalDuration: number;
  /** motion hysteresis: a trip starts after this distance (m) or duration (ms) of motion */
  minimalTripDistance: number;
  minimalTripDuration: number;
  /** … and ends after this long stopped, ms */
  minimalParkingDuration: number;
  /** a gap without data longer than this while moving counts as a stop, ms */
  minimalNoDataDuration: number;
  /** fuel (attribute `fuel`) and temperature changes that fire events, 0 = off */
  fuelDropThreshold: number;
  fuelIncreaseThreshold: number;
  temperatureDropThreshold: number;
  temperatureIncreaseThreshold: number;
  /** geofence enter/exit fire only after staying inside/outside this long, ms */
  geofenceDwellMs: number;
  /** deviceInactive after this long without data, ms (0 = off) */
  inactivityPeriod: number;
  /** reports' trips and stops: a trip starts after this distance (m) or duration (ms) of motion … */
  tripMinDistance: number;
  tripMinDuration: number;
  /** … ends after this long stopped (ms), or at a gap without data longer than this (ms, 0 = never) */
  tripMinParking: number;
  tripStopGap: number;
  /** motion is the ignition rather than the speed */
  tripUseIgnition: boolean;
}

/** Defaults of the event settings (Traccar's): overridden per device, group, tenant or server (settings.ts). */
export const EVENT_DEFAULTS = {
  speedLimit: 0,
  overspeedMinimalDuration: 0,
  minimalTripDistance: 500,
  minimalTripDuration: 300_000,
  minimalParkingDuration: 300_000,
  minimalNoDataDuration: 3_600_000,
  fuelDropThreshold: 0,
  fuelIncreaseThreshold: 0,
  temperatureDropThreshold: 0,
  temperatureIncreaseThreshold: 0,
  geofenceDwellMs: 0,
  inactivityPeriod: 0,
} satisfies Partial<PipelineConfig>;

/** Defaults of the trip and stop detection of reports (settings report.trip.*; distance m, durations ms). */
export const TRIP_DEFAULTS = {
  tripMinDistance: 200,
  tripMinDuration: 180_000,
  tripMinParking: 300_000,
  tripStopGap: 3_600_000,
  tripUseIgnition: false,
} satisfies Partial<PipelineConfig>;

export const defaultPipelineConfig: PipelineConfig = {
  filterInvalid: false,
  filterZero: true,
  filterDuplicate: true,
  filterFutureMs: 24 * 3_600_000,
  filterMaxSpeedKnots: 540,
  motionThresholdKnots: 0.01,
  ...EVENT_DEFAULTS,
  ...TRIP_DEFAULTS,
};
