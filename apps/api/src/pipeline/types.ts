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
}

export const defaultPipelineConfig: PipelineConfig = {
  filterInvalid: false,
  filterZero: true,
  filterDuplicate: true,
  filterFutureMs: 24 * 3_600_000,
  filterMaxSpeedKnots: 540,
  motionThresholdKnots: 0.01,
};
