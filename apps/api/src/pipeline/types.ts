import type { PositionMessage } from '@waymark/contracts/bus';

/** A position on its way through the pipeline (bus message + what the steps add). */
export interface WorkingPosition {
  message: PositionMessage;
  /** bus entry id */
  entryId: string;
  deviceId: number;
  tenantId: number | null;
  fixTime: Date;
  deviceTime: Date;
  serverTime: Date;
  /** the bus message's ISO texts of the three times, when the Dates were read from them (the store reuses them) */
  texts?: { serverTime: string; deviceTime: string; fixTime: string };
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  /** knots */
  speed: number;
  course: number;
  accuracy: number;
  outdated: boolean;
  attributes: Record<string, unknown>;
  geofenceIds: number[];
}

/** What a step needs to know of the device's latest stored position. */
export interface LastPosition {
  fixTime: Date;
  valid: boolean;
  latitude: number;
  longitude: number;
  altitude: number;
  speed: number;
  course: number;
  accuracy: number;
  attributes: Record<string, unknown>;
  geofenceIds: number[];
}

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

export const defaultPipelineConfig: PipelineConfig = {
  filterInvalid: false,
  filterZero: true,
  filterDuplicate: true,
  filterFutureMs: 24 * 3_600_000,
  filterMaxSpeedKnots: 540,
  motionThresholdKnots: 0.01,
  ...EVENT_DEFAULTS,
};
