import type { ReportQuery } from '@waymark/contracts/report';
import type { Query } from '../../pipeline/activity/activity.store';
import { loadStates, readPoints } from '../../pipeline/activity/activity.store';
import type { ActivityConfig, Segment, SegmentKind } from '../../pipeline/activity/activity-types';
import { openSegment } from '../../pipeline/activity/detector';
import { addPair, boundaryTally, edgeOf, fuelOf } from '../../pipeline/activity/tally';
import type { AuthContext } from '../../plugins/app/auth-context';
import type { ReportDevice } from './report-scope';
import { rawQuery, reportDevices, reportPeriod } from './report-scope';
import { keptSegments } from './segments.queries';

export interface DeviceSegment {
  device: ReportDevice;
  segment: Segment;
}

/**
 * A device's trips or stops over [from, to]: the kept segments, the open one, and those crossing an edge of the
 * period cut to the positions inside it (folded again from the stored positions, a few at most per edge).
 */
export async function segmentsOver(
  query: Query,
  devices: ReportDevice[],
  kind: SegmentKind,
  from: number,
  to: number,
): Promise<DeviceSegment[]> {
  if (devices.length === 0) return [];
  const ids = devices.map((d) => d.id);
  const byId = new Map(devices.map((d) => [d.id, d]));
  const [kept, states] = await Promise.all([keptSegments(query, ids, kind, from, to), loadStates(query, ids)]);
  const all = kept.map((k) => ({ device: byId.get(k.deviceId) as ReportDevice, segment: k.segment }));
  for (const [deviceId, stored] of states) {
    const device = byId.get(deviceId) as ReportDevice;
    const open = openSegment(stored.state, device.config);
    if (open && open.kind === kind && open.end.time >= from && open.start.time <= to)
      all.push({ device, segment: open });
  }
  all.sort((a, b) => a.device.id - b.device.id || a.segment.start.time - b.segment.start.time);
  const out: DeviceSegment[] = [];
  for (const item of all) {
    const { segment } = item;
    if (segment.start.time >= from && segment.end.time <= to) {
      out.push(item);
      continue;
    }
    const cut = await cutSegment(query, item.device.id, segment, from, to, item.device.config);
    if (cut) out.push({ device: item.device, segment: cut });
  }
  return out;
}

/** The part of a segment inside [from, to], folded from its stored positions there (null: fewer than two). */
async function cutSegment(
  query: Query,
  deviceId: number,
  segment: Segment,
  from: number,
  to: number,
  config: ActivityConfig,
): Promise<Segment | null> {
  const points = await readPoints(
    query,
    deviceId,
    { time: Math.max(from, segment.start.time), id: 0 },
    Math.min(to, segment.end.time),
  );
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last || last.time <= first.time) return null;
  const tally = boundaryTally(first);
  for (let i = 1; i < points.length; i++)
    addPair(tally, points[i - 1] as typeof first, points[i] as typeof first, config);
  const { refuelled, theft } = fuelOf(tally, config);
  return { ...segment, start: edgeOf(first), end: edgeOf(last), tally, refuelled, theft };
}

/** GET /api/reports/trips and /stops: the caller's devices' segments of the kind over the period. */
export async function segmentsReport(auth: AuthContext, kind: SegmentKind, q: ReportQuery): Promise<DeviceSegment[]> {
  const { from, to } = reportPeriod(auth, kind === 'trip' ? 'trips' : 'stops', q);
  const devices = await reportDevices(auth, q);
  return segmentsOver(rawQuery(auth), devices, kind, from, to);
}
