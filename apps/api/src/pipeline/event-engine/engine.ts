import type { EventType } from '@waymark/contracts/event';
import type { GeofenceShape } from '../geofences';
import type { RouteShape } from '../routes';
import type { LastPosition, PipelineConfig, WorkingPosition } from '../types';
import { alarmEvents } from './alarm-events';
import { driverEvents } from './driver-events';
import { geofenceEvents } from './geofence-events';
import { ignitionEvents } from './ignition-events';
import { maintenanceEvents } from './maintenance-events';
import { mediaEvents } from './media-events';
import { motionEvents } from './motion-events';
import { overspeedEvents } from './overspeed-events';
import { routeEvents } from './route-events';
import { thresholdEvents } from './threshold-events';
import type { EventContext, EventFamily, EventState, MaintenanceLink, PendingEvent } from './types';

/** Every family, in the order their events are stored for one position (never run on archived positions). */
const FAMILIES: readonly EventFamily[] = [
  ignitionEvents,
  motionEvents,
  overspeedEvents,
  geofenceEvents,
  routeEvents,
  alarmEvents,
  thresholdEvents,
  maintenanceEvents,
  driverEvents,
  mediaEvents,
];

export interface DeviceEvents {
  state: EventState;
  /** whether `state` changed (it is written with the batch only then) */
  changed: boolean;
}

/**
 * Runs the families on one position against the device's previous one, appending what fires to `out`.
 * One context object per device and batch; nothing allocated per position unless something fires.
 */
export function createDeviceEvents(
  device: { id: number; tenantId: number | null },
  stored: Record<string, unknown>,
  settings: PipelineConfig,
  geofences: readonly GeofenceShape[],
  maintenances: readonly MaintenanceLink[],
  calendarAllows: (calendarId: number, time: Date) => boolean,
  out: PendingEvent[],
  routes: readonly RouteShape[] = [],
) {
  const result: DeviceEvents = { state: stored as EventState, changed: false };
  const ctx: EventContext = {
    position: undefined as unknown as WorkingPosition,
    last: null,
    settings,
    state: result.state,
    geofences,
    routes,
    maintenances,
    calendarAllows,
    emit(type: EventType, extra = {}) {
      out.push({
        type,
        deviceId: device.id,
        tenantId: device.tenantId,
        eventTime: ctx.position.fixTime,
        position: ctx.position,
        ...(extra.geofenceId === undefined ? {} : { geofenceId: extra.geofenceId }),
        ...(extra.maintenanceId === undefined ? {} : { maintenanceId: extra.maintenanceId }),
        attributes: extra.attributes ?? {},
      });
    },
    touch() {
      result.changed = true;
    },
  };
  return {
    result,
    run(position: WorkingPosition, last: LastPosition | null): void {
      ctx.position = position;
      ctx.last = last;
      // an archived position (older than the latest) changes nothing; only its media still counts
      if (last && position.fixTime.getTime() < last.fixTime.getTime()) mediaEvents(ctx);
      else for (const family of FAMILIES) family(ctx);
    },
  };
}
