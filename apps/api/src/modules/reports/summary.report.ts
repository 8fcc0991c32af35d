import type { ReportSummary, SummaryQuery } from '@waymark/contracts/report';
import type { Query } from '../../pipeline/activity/activity.store';
import { loadStates } from '../../pipeline/activity/activity.store';
import type { Tally } from '../../pipeline/activity/activity-types';
import { HOUR_MS } from '../../pipeline/activity/activity-types';
import { openSegment } from '../../pipeline/activity/detector';
import { addPair, addPoint, addSums, emptyTally } from '../../pipeline/activity/tally';
import type { AuthContext } from '../../plugins/app/auth-context';
import { localDays } from './local-days';
import type { ReportDevice } from './report-scope';
import { rawQuery, reportDevices, reportPeriod } from './report-scope';
import type { Range } from './summary.queries';
import { fuelEvents, hourSums, windowPoints } from './summary.queries';
import { userTimeZone } from './time-zone';

interface Mark {
  time: number;
  odometer: number;
}

export interface SummaryItem {
  device: ReportDevice;
  range: Range;
  tally: Tally;
  first: Mark | null;
  last: Mark | null;
  refuelled: number;
  theft: number;
}

/**
 * Each device's summary over each range (to inclusive). A range's whole hours are read from the kept hour tallies;
 * its ragged edges (less than an hour each) are folded from the stored positions there. Every figure is a sum
 * over pairs of consecutive positions whose later one falls in the range, so ranges that split a period add up
 * to the period's figures.
 */
export async function summaryOver(query: Query, devices: ReportDevice[], ranges: Range[]): Promise<SummaryItem[]> {
  const ids = devices.map((d) => d.id);
  const items = new Map<string, SummaryItem>();
  const itemOf = (range: number, deviceId: number): SummaryItem | null => {
    const key = `${range}:${deviceId}`;
    let item = items.get(key);
    if (!item) {
      const device = devices.find((d) => d.id === deviceId);
      const r = ranges[range];
      if (!device || !r) return null;
      item = { device, range: r, tally: emptyTally(), first: null, last: null, refuelled: 0, theft: 0 };
      items.set(key, item);
    }
    return item;
  };
  const bounds = ranges.map((r) => {
    const lo = Math.ceil(r.from / HOUR_MS) * HOUR_MS;
    const hi = Math.floor((r.to + 1) / HOUR_MS) * HOUR_MS;
    return lo < hi ? { lo, hi } : { lo: r.to + 1, hi: r.to + 1 };
  });
  const windows: { range: number; lo: number; hi: number }[] = [];
  ranges.forEach((r, i) => {
    const b = bounds[i] as { lo: number; hi: number };
    if (b.lo >= b.hi) windows.push({ range: i, lo: r.from, hi: r.to + 1 });
    else {
      if (r.from < b.lo) windows.push({ range: i, lo: r.from, hi: b.lo });
      if (b.hi < r.to + 1) windows.push({ range: i, lo: b.hi, hi: r.to + 1 });
    }
  });
  const [sums, fuel, states, ...edges] = await Promise.all([
    hourSums(query, ids, bounds),
    fuelEvents(query, ids, ranges),
    loadStates(query, ids),
    ...windows.map((w) => windowPoints(query, ids, w.lo, w.hi)),
  ]);
  for (const s of sums) {
    const item = itemOf(s.range, s.deviceId);
    if (!item) continue;
    addSums(item.tally, s);
    mark(item, { time: s.firstTime, odometer: s.firstOdometer }, { time: s.lastTime, odometer: s.lastOdometer });
  }
  windows.forEach((w, k) => {
    for (const [deviceId, { before, points }] of edges[k] ?? new Map()) {
      const item = points.length > 0 ? itemOf(w.range, deviceId) : null;
      if (!item) continue;
      const device = item.device;
      const config = device.config;
      const t = emptyTally();
      let prev = before;
      for (const p of points) {
        if (prev) addPair(t, prev, p, config);
        else addPoint(t, p);
        prev = p;
      }
      addSums(item.tally, t);
      const first = points[0];
      const last = points[points.length - 1];
      if (first && last)
        mark(item, { time: first.time, odometer: first.odometer }, { time: last.time, odometer: last.odometer });
    }
  });
  for (const f of fuel) {
    const item = itemOf(f.range, f.deviceId);
    if (!item) continue;
    item.refuelled += f.refuelled;
    item.theft += f.theft;
  }
  for (const [deviceId, stored] of states) {
    const device = devices.find((d) => d.id === deviceId);
    const open = device ? openSegment(stored.state, device.config) : null;
    if (!open || (open.refuelled === 0 && open.theft === 0)) continue;
    const range = ranges.findIndex((r) => open.end.time >= r.from && open.end.time <= r.to);
    const item = range >= 0 ? itemOf(range, deviceId) : null;
    if (!item) continue;
    item.refuelled += open.refuelled;
    item.theft += open.theft;
  }
  return [...items.values()];
}

function mark(item: SummaryItem, first: Mark, last: Mark) {
  if (!item.first || first.time < item.first.time) item.first = first;
  if (!item.last || last.time >= item.last.time) item.last = last;
}

/** GET /api/reports/summary: a row per device over the period, or per device and local day with `daily`. */
export async function summaryReport(auth: AuthContext, q: SummaryQuery): Promise<ReportSummary[]> {
  const { from, to } = reportPeriod(auth, 'summary', q);
  const devices = await reportDevices(auth, q);
  if (devices.length === 0) return [];
  const ranges = q.daily ? localDays(from, to, q.timezone ?? (await userTimeZone(auth))) : [{ from, to }];
  const items = await summaryOver(rawQuery(auth), devices, ranges);
  const byKey = new Map(items.map((i) => [`${i.range.from}:${i.device.id}`, i]));
  const rows: ReportSummary[] = [];
  for (const device of devices) {
    for (const range of ranges) {
      const item = byKey.get(`${range.from}:${device.id}`);
      if (item) rows.push(presentSummary(item));
      else if (!q.daily)
        rows.push(
          presentSummary({ device, range, tally: emptyTally(), first: null, last: null, refuelled: 0, theft: 0 }),
        );
    }
  }
  return rows;
}

export function presentSummary(i: SummaryItem): ReportSummary {
  const t = i.tally;
  return {
    deviceId: i.device.id,
    deviceName: i.device.name,
    startTime: i.first ? new Date(i.first.time).toISOString() : null,
    endTime: i.last ? new Date(i.last.time).toISOString() : null,
    startOdometer: i.first?.odometer ?? 0,
    endOdometer: i.last?.odometer ?? 0,
    distance: t.distance,
    maxSpeed: t.maxSpeed,
    averageSpeed: t.positions > 0 ? t.speedSum / t.positions : 0,
    spentFuel: Math.max(0, t.fuelSpent - i.theft),
    refuelled: i.refuelled,
    fuelThefts: i.theft,
    engineHours: t.engineMs,
    idleTime: t.idleMs,
    movingTime: t.movingMs,
    positions: t.positions,
  };
}
