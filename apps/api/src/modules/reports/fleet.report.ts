import type { FleetDashboard, FleetNow, FleetPeriod } from '@waymark/contracts/fleet-dashboard';
import { FLEET_TOP_DEVICES } from '@waymark/contracts/fleet-dashboard';
import { REPORT_MAX_DEVICES } from '@waymark/contracts/report';
import { forbidden } from '../../http-error';
import { loadStates } from '../../pipeline/activity/activity.store';
import type { AuthContext } from '../../plugins/app/auth-context';
import { startOfLocalDay } from './local-days';
import { REPORTS_DISABLED, rawQuery, withConfigs } from './report-scope';
import type { SummaryItem } from './summary.report';
import { summaryOver } from './summary.report';
import { userTimeZone } from './time-zone';

const HALF_DAY = 12 * 3_600_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The instant this week began in the zone: the local Monday's midnight (weeks start on Monday, as ISO's). */
export function startOfLocalWeek(time: number, timeZone: string): number {
  let start = startOfLocalDay(time, timeZone);
  const weekday = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short' }).format(new Date(start + HALF_DAY));
  // a day back at a time: local days are not all 24 h long
  for (let i = WEEKDAYS.indexOf(weekday); i > 0; i--) start = startOfLocalDay(start - HALF_DAY, timeZone);
  return start;
}

/**
 * The fleet dashboard over every device the caller sees (the first REPORT_MAX_DEVICES by id): what they do now,
 * distance, fuel and overspeeds today and this week (in the user's time zone) from the kept hour tallies, and the
 * devices that drove farthest this week.
 */
export async function fleetDashboard(auth: AuthContext, now = Date.now()): Promise<FleetDashboard> {
  if (auth.user.disableReports && !auth.user.administrator) throw forbidden(REPORTS_DISABLED);
  const timeZone = await userTimeZone(auth);
  const today = startOfLocalDay(now, timeZone);
  const week = startOfLocalWeek(now, timeZone);
  const rows = await auth.db.device.findMany({
    select: {
      id: true,
      name: true,
      status: true,
      positionId: true,
      positionTime: true,
    },
    orderBy: { id: 'asc' },
    take: REPORT_MAX_DEVICES,
  });
  const devices = await withConfigs(auth, rows);
  const ids = devices.map((d) => d.id);
  const ranges = [
    { from: today, to: now },
    { from: week, to: now },
  ];
  const [items, current, overspeedsToday, overspeedsWeek] = await Promise.all([
    ids.length ? summaryOver(rawQuery(auth), devices, ranges) : Promise.resolve([]),
    nowCounts(auth, rows),
    overspeeds(auth, ids, today),
    overspeeds(auth, ids, week),
  ]);
  const inRange = (from: number) => items.filter((i) => i.range.from === from);
  const weekItems = inRange(week);
  return {
    timeZone,
    devices: rows.length,
    now: current,
    today: period(today, inRange(today), overspeedsToday),
    week: period(week, weekItems, overspeedsWeek),
    topDevices: weekItems
      .filter((i) => i.tally.distance > 0)
      .sort((a, b) => b.tally.distance - a.tally.distance || a.device.id - b.device.id)
      .slice(0, FLEET_TOP_DEVICES)
      .map((i) => ({ deviceId: i.device.id, name: i.device.name, distance: i.tally.distance })),
  };
}

function period(from: number, items: SummaryItem[], overspeeds: number): FleetPeriod {
  let distance = 0;
  let spentFuel = 0;
  for (const i of items) {
    distance += i.tally.distance;
    spentFuel += Math.max(0, i.tally.fuelSpent - i.theft);
  }
  return { from: new Date(from).toISOString(), distance, spentFuel, overspeeds };
}

function overspeeds(auth: AuthContext, deviceIds: number[], from: number): Promise<number> {
  if (deviceIds.length === 0) return Promise.resolve(0);
  return auth.db.event.count({
    where: { type: 'deviceOverspeed', deviceId: { in: deviceIds }, eventTime: { gte: new Date(from) } },
  });
}

/**
 * Online devices by their latest position: moving when it says motion (else when the trip detector is in a trip),
 * idle when not moving with the ignition on, parked otherwise; every other device is offline.
 */
async function nowCounts(
  auth: AuthContext,
  rows: { id: number; status: string; positionId: bigint | null; positionTime: Date | null }[],
): Promise<FleetNow> {
  const online = rows.filter((r) => r.status === 'online');
  const counts: FleetNow = { moving: 0, idle: 0, parked: 0, offline: rows.length - online.length };
  if (online.length === 0) return counts;
  const located = online.filter((r) => r.positionId !== null);
  const [positions, states] = await Promise.all([
    located.length
      ? auth.db.position.findMany({
          where: {
            id: { in: located.map((r) => r.positionId as bigint) },
            // the fix times name the month partitions that hold the positions
            ...(located.every((r) => r.positionTime)
              ? { fixTime: { in: located.map((r) => r.positionTime as Date) } }
              : {}),
          },
          select: { deviceId: true, attributes: true },
        })
      : Promise.resolve([]),
    loadStates(
      rawQuery(auth),
      online.map((r) => r.id),
    ),
  ]);
  const attributesOf = new Map(positions.map((p) => [p.deviceId, (p.attributes ?? {}) as Record<string, unknown>]));
  for (const r of online) {
    const attributes = attributesOf.get(r.id) ?? {};
    const motion = typeof attributes.motion === 'boolean' ? attributes.motion : states.get(r.id)?.state.mode === 'trip';
    if (motion) counts.moving += 1;
    else if (attributes.ignition === true) counts.idle += 1;
    else counts.parked += 1;
  }
  return counts;
}
