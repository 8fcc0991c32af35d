import type { Refuel, ReportStop, ReportTrip } from '@waymark/contracts/report';
import type { Segment } from '../../pipeline/activity/activity-types';
import type { AuthContext } from '../../plugins/app/auth-context';
import type { DeviceSegment } from './segments.report';

const KNOTS_PER_MPS = 1 / 0.514444;
const iso = (ms: number) => new Date(ms).toISOString();

function refuelsOf(s: Segment): Refuel[] {
  if (s.refuelled <= 0) return [];
  return [
    {
      time: iso(s.tally.riseTime ?? s.start.time),
      latitude: s.start.latitude,
      longitude: s.start.longitude,
      litres: s.refuelled,
      positionId: s.tally.riseId ?? s.start.id,
    },
  ];
}

function fuelSpent(s: Segment): number {
  return Math.max(0, s.tally.fuelSpent - s.theft);
}

/** The drivers' names of some unique ids, as the caller sees them. */
export async function driverNames(auth: AuthContext, items: DeviceSegment[]): Promise<Map<string, string>> {
  const ids = [...new Set(items.map((i) => i.segment.tally.driver).filter((d): d is string => d !== null))];
  if (ids.length === 0) return new Map();
  const rows = await auth.db.driver.findMany({
    where: { uniqueId: { in: ids } },
    select: { uniqueId: true, name: true },
  });
  return new Map(rows.map((r) => [r.uniqueId, r.name]));
}

export function presentTrip({ device, segment: s }: DeviceSegment, drivers: Map<string, string>): ReportTrip {
  const duration = s.end.time - s.start.time;
  return {
    deviceId: device.id,
    deviceName: device.name,
    startPositionId: s.start.id,
    endPositionId: s.end.id,
    startTime: iso(s.start.time),
    endTime: iso(s.end.time),
    startLat: s.start.latitude,
    startLon: s.start.longitude,
    endLat: s.end.latitude,
    endLon: s.end.longitude,
    startAddress: s.start.address,
    endAddress: s.end.address,
    startOdometer: s.start.odometer,
    endOdometer: s.end.odometer,
    distance: s.tally.distance,
    duration,
    maxSpeed: s.tally.maxSpeed,
    averageSpeed: duration > 0 ? (s.tally.distance / (duration / 1000)) * KNOTS_PER_MPS : 0,
    spentFuel: fuelSpent(s),
    refuelled: s.refuelled,
    idleTime: s.tally.idleMs,
    engineHours: s.tally.engineMs,
    driverUniqueId: s.tally.driver,
    driverName: s.tally.driver ? (drivers.get(s.tally.driver) ?? null) : null,
    refuels: refuelsOf(s),
  };
}

export function presentStop({ device, segment: s }: DeviceSegment): ReportStop {
  return {
    deviceId: device.id,
    deviceName: device.name,
    positionId: s.start.id,
    startTime: iso(s.start.time),
    endTime: iso(s.end.time),
    latitude: s.start.latitude,
    longitude: s.start.longitude,
    address: s.start.address,
    duration: s.end.time - s.start.time,
    startOdometer: s.start.odometer,
    endOdometer: s.end.odometer,
    spentFuel: fuelSpent(s),
    refuelled: s.refuelled,
    idleTime: s.tally.idleMs,
    engineHours: s.tally.engineMs,
    refuels: refuelsOf(s),
    thefts:
      s.theft > 0
        ? [
            {
              time: iso(s.end.time),
              latitude: s.start.latitude,
              longitude: s.start.longitude,
              litres: s.theft,
              positionId: s.end.id,
            },
          ]
        : [],
  };
}
