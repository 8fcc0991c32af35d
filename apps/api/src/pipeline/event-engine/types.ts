import type { EventType } from '@waymark/contracts/event';
import type { GeofenceShape } from '../geofences';
import type { RouteShape } from '../routes';
import type { LastPosition, PipelineConfig, WorkingPosition } from '../types';

/**
 * The events engine's memory of a device, stored in devices."eventState" with the device's cursor (same
 * transaction), so a restart or a redelivered batch neither loses nor repeats an event.
 */
export interface EventState {
  /** confirmed motion; `since`/`distance` (ms, metres of totalDistance) while the opposite state is pending */
  motion?: { moving: boolean; since?: number; distance?: number };
  /** the running overspeed episode: since when (ms), whether it fired */
  overspeed?: { since: number; fired: boolean };
  /** alarm values raised now (each fired once) */
  alarms?: string[];
  /** geofences the device is confirmed inside (after the dwell delay) */
  geofences?: number[];
  /** geofence id → since when (ms) the position disagrees with `geofences` (dwell pending) */
  dwell?: Record<string, number>;
  /** planned route id → whether the device was within its corridor at its last position */
  routes?: Record<string, boolean>;
  /** written by the inactivity sweep (inactivity.ts): the lastUpdate (epoch ms) it fired deviceInactive for */
  inactive?: number;
}

/** An event found by a family, stored with its position at the end of the batch. */
export interface PendingEvent {
  type: EventType;
  deviceId: number;
  tenantId: number | null;
  eventTime: Date;
  /** the position it belongs to (its id is known once the batch's ids are reserved) */
  position: WorkingPosition | null;
  geofenceId?: number;
  maintenanceId?: number;
  attributes: Record<string, unknown>;
}

/** A maintenance linked to the device or its group. */
export interface MaintenanceLink {
  id: number;
  type: string;
  start: number;
  period: number;
  attributes: Record<string, unknown>;
}

/** What a family sees for one position. */
export interface EventContext {
  position: WorkingPosition;
  /** the device's previous position in order (null for its first one) */
  last: LastPosition | null;
  settings: PipelineConfig;
  state: EventState;
  geofences: readonly GeofenceShape[];
  /** planned routes linked to the device (directly or through its groups) */
  routes: readonly RouteShape[];
  maintenances: readonly MaintenanceLink[];
  /** whether a geofence's calendar allows events at this time (true when it has none) */
  calendarAllows: (calendarId: number, time: Date) => boolean;
  emit(
    type: EventType,
    extra?: { geofenceId?: number; maintenanceId?: number; attributes?: Record<string, unknown> },
  ): void;
  /** a family changed `state`: it is written with the batch */
  touch(): void;
}

export type EventFamily = (ctx: EventContext) => void;

/** A number attribute, or null (strings of numbers count: some decoders give them). */
export function numeric(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}
