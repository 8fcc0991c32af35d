import { describe, expect, it } from 'vitest';
import type { GeofenceShape } from '../geofences';
import type { LastPosition, WorkingPosition } from '../types';
import { defaultPipelineConfig } from '../types';
import { alarmsOf } from './alarm-events';
import { createDeviceEvents } from './engine';
import type { PendingEvent } from './types';

const T0 = Date.UTC(2026, 0, 1, 8, 0);
function position(minute: number, over: Partial<WorkingPosition> = {}): WorkingPosition {
  const time = new Date(T0 + minute * 60_000);
  return {
    message: {} as WorkingPosition['message'],
    entryId: `${minute}-0`,
    deviceId: 1,
    tenantId: 2,
    fixTime: time,
    deviceTime: time,
    serverTime: time,
    valid: true,
    latitude: 1,
    longitude: 1,
    altitude: 0,
    speed: 0,
    course: 0,
    accuracy: 0,
    outdated: false,
    attributes: {},
    geofenceIds: [],
    ...over,
  };
}
const asLast = (p: WorkingPosition): LastPosition => ({ ...p });

function engine(state: Record<string, unknown> = {}, settings = {}, geofences: GeofenceShape[] = []) {
  const out: PendingEvent[] = [];
  const e = createDeviceEvents(
    { id: 1, tenantId: 2 },
    state,
    { ...defaultPipelineConfig, ...settings },
    geofences,
    [],
    () => true,
    out,
  );
  return { out, ...e };
}

describe('events engine (unit)', () => {
  it('reads comma-separated alarms, trimmed and de-duplicated', () => {
    expect(alarmsOf('sos, lowBattery,sos,')).toEqual(['lowBattery', 'sos']);
    expect(alarmsOf(undefined)).toEqual([]);
  });

  it('ends a trip when the device was silent longer than minimalNoDataDuration', () => {
    const e = engine({ motion: { moving: true } }, { minimalNoDataDuration: 600_000 });
    const before = position(0, { attributes: { motion: true } });
    e.run(position(30, { attributes: { motion: false } }), asLast(before));
    expect(e.out.map((x) => [x.type, x.attributes])).toEqual([['deviceStopped', { noData: true }]]);
    expect(e.result.state.motion).toEqual({ moving: false });
  });

  it('leaves the state untouched (and unwritten) when nothing changes', () => {
    const e = engine({ motion: { moving: false } });
    const last = position(0, { attributes: { motion: false, ignition: true } });
    e.run(position(1, { attributes: { motion: false, ignition: true } }), asLast(last));
    expect(e.out).toEqual([]);
    expect(e.result.changed).toBe(false);
  });

  it('takes the lowest of the device and geofence speed limits', () => {
    const fence = (id: number, speedLimit: number): GeofenceShape => ({
      id,
      area: null,
      lineDistance: 25,
      attributes: { speedLimit },
      calendarId: null,
    });
    const e = engine({}, { speedLimit: 80 }, [fence(5, 60), fence(6, 90)]);
    e.run(position(0, { speed: 70, geofenceIds: [5, 6] }), null);
    const overspeed = e.out.filter((x) => x.type === 'deviceOverspeed');
    expect(overspeed.map((x) => [x.type, x.geofenceId, x.attributes])).toEqual([
      ['deviceOverspeed', 5, { speed: 70, speedLimit: 60 }],
    ]);
  });

  it('ignores archived positions except for their media', () => {
    const e = engine();
    const latest = asLast(position(10, { attributes: { ignition: false } }));
    e.run(position(5, { attributes: { ignition: true, alarm: 'sos', video: 'clip.mp4' } }), latest);
    expect(e.out.map((x) => x.type)).toEqual(['media']);
    expect(e.result.changed).toBe(false);
  });
});
