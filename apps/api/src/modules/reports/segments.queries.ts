import type { Query } from '../../pipeline/activity/activity.store';
import type { Segment, SegmentKind, Tally } from '../../pipeline/activity/activity-types';

/** A kept segment as read: its tally's figures are columns of the same names (the rise and driver are not). */
interface SegmentRow extends Omit<Tally, 'riseId' | 'riseTime' | 'driver'> {
  deviceId: number;
  kind: SegmentKind;
  s: number;
  e: number;
  c: number;
  startPositionId: bigint | number;
  endPositionId: bigint | number;
  startLat: number;
  startLon: number;
  endLat: number;
  endLon: number;
  startAddress: string | null;
  endAddress: string | null;
  startOdometer: number;
  endOdometer: number;
  risePositionId: bigint | number | null;
  rt: number | null;
  driverUniqueId: string | null;
  refuelled: number;
  theft: number;
}

const ms = (column: string) => `(EXTRACT(EPOCH FROM "${column}") * 1000)::float8`;

/** Kept segments of one kind overlapping [from, to] (ms), ordered by device and start. */
export async function keptSegments(
  query: Query,
  deviceIds: number[],
  kind: SegmentKind | null,
  from: number,
  to: number,
): Promise<{ deviceId: number; segment: Segment }[]> {
  const rows = await query<SegmentRow>(
    `SELECT "deviceId", kind, ${ms('startTime')} AS s, ${ms('endTime')} AS e, ${ms('confirmedAt')} AS c,
            "startPositionId", "endPositionId", "startLat", "startLon", "endLat", "endLon", "startAddress",
            "endAddress", "startOdometer", "endOdometer", distance, "maxSpeed", "speedSum", positions, "movingMs",
            "idleMs", "engineMs", "fuelSpent", "parkedDrop", "parkedRise", "risePositionId", ${ms('riseTime')} AS rt,
            "driverUniqueId", refuelled, theft
       FROM activity_segments
      WHERE "deviceId" = ANY($1::int[]) AND "endTime" >= $2::timestamp AND "startTime" <= $3::timestamp
        AND ($4::text IS NULL OR kind = $4::text)
      ORDER BY "deviceId", "startTime"`,
    [deviceIds, new Date(from).toISOString(), new Date(to).toISOString(), kind],
  );
  return rows.map((r) => ({ deviceId: r.deviceId, segment: segmentOf(r) }));
}

function segmentOf(r: SegmentRow): Segment {
  return {
    kind: r.kind,
    start: {
      id: Number(r.startPositionId),
      time: Number(r.s),
      latitude: r.startLat,
      longitude: r.startLon,
      odometer: r.startOdometer,
      address: r.startAddress,
    },
    end: {
      id: Number(r.endPositionId),
      time: Number(r.e),
      latitude: r.endLat,
      longitude: r.endLon,
      odometer: r.endOdometer,
      address: r.endAddress,
    },
    confirmedAt: Number(r.c),
    tally: {
      distance: r.distance,
      maxSpeed: r.maxSpeed,
      speedSum: r.speedSum,
      positions: r.positions,
      movingMs: r.movingMs,
      idleMs: r.idleMs,
      engineMs: r.engineMs,
      fuelSpent: r.fuelSpent,
      parkedDrop: r.parkedDrop,
      parkedRise: r.parkedRise,
      riseId: r.risePositionId === null ? null : Number(r.risePositionId),
      riseTime: r.rt === null ? null : Number(r.rt),
      driver: r.driverUniqueId,
    },
    refuelled: r.refuelled,
    theft: r.theft,
  };
}
