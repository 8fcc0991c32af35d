import type { ReportTrip } from '@waymark/contracts/report';
import { distanceMetres } from '../../pipeline/distance';

/** Trips of several devices count as one group trip when they start and end this close in time and place. */
const TIME_MS = 10 * 60_000;
const PLACE_M = 1000;

/**
 * Multi-device trips: the trips of different devices that left from the same place at about the same time and
 * arrived together (a convoy, a car and the trailer tracker, a bus and its driver's phone). One row per such trip:
 * the earliest start, the latest end, the mean distance, the devices in `deviceIds`.
 */
export function groupTrips(trips: ReportTrip[]): ReportTrip[] {
  const sorted = [...trips].sort((a, b) => a.startTime.localeCompare(b.startTime));
  const used = new Set<ReportTrip>();
  const groups: ReportTrip[] = [];
  for (const trip of sorted) {
    if (used.has(trip)) continue;
    const members = [trip];
    const start = Date.parse(trip.startTime);
    for (const other of sorted) {
      if (other === trip || used.has(other) || members.some((m) => m.deviceId === other.deviceId)) continue;
      const otherStart = Date.parse(other.startTime);
      if (otherStart - start > TIME_MS) break;
      if (
        Math.abs(otherStart - start) <= TIME_MS &&
        Math.abs(Date.parse(other.endTime) - Date.parse(trip.endTime)) <= TIME_MS &&
        distanceMetres(trip.startLat, trip.startLon, other.startLat, other.startLon) <= PLACE_M &&
        distanceMetres(trip.endLat, trip.endLon, other.endLat, other.endLon) <= PLACE_M
      ) {
        members.push(other);
      }
    }
    if (members.length < 2) continue;
    for (const m of members) used.add(m);
    groups.push(mergeTrips(members));
  }
  return groups;
}

function mergeTrips(members: ReportTrip[]): ReportTrip {
  const first = members.reduce((a, b) => (b.startTime < a.startTime ? b : a));
  const last = members.reduce((a, b) => (b.endTime > a.endTime ? b : a));
  const mean = (f: (t: ReportTrip) => number) => members.reduce((s, t) => s + f(t), 0) / members.length;
  const duration = Date.parse(last.endTime) - Date.parse(first.startTime);
  return {
    ...first,
    deviceName: members.map((m) => m.deviceName).join(', '),
    endPositionId: last.endPositionId,
    endTime: last.endTime,
    endLat: last.endLat,
    endLon: last.endLon,
    endAddress: last.endAddress,
    endOdometer: last.endOdometer,
    distance: mean((t) => t.distance),
    duration,
    maxSpeed: Math.max(...members.map((m) => m.maxSpeed)),
    averageSpeed: mean((t) => t.averageSpeed),
    spentFuel: members.reduce((s, t) => s + t.spentFuel, 0),
    refuelled: members.reduce((s, t) => s + t.refuelled, 0),
    idleTime: members.reduce((s, t) => s + t.idleTime, 0),
    engineHours: members.reduce((s, t) => s + t.engineHours, 0),
    refuels: members.flatMap((m) => m.refuels),
    deviceIds: members.map((m) => m.deviceId).sort((a, b) => a - b),
  };
}
