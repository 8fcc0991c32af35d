import type pg from 'pg';
import type { PipelineConfig } from '../types';
import type { StoredActivity } from './activity.store';
import {
  deleteSegmentsFrom,
  insertSegments,
  loadStates,
  pgQuery,
  readPointBefore,
  readPoints,
  saveStates,
  segmentDecidedBefore,
  segmentStartsAfter,
  writeHours,
} from './activity.store';
import type { ActivityConfig, ActivityState, Segment, TrackPoint } from './activity-types';
import { HOUR_MS } from './activity-types';
import { firstState, stateAt, step } from './detector';
import type { HourTally } from './hours';
import { hourOf, hoursOf } from './hours';
import { after, byTime, fold } from './replay';

/** Litres a parked rise or fall must reach to count as a refuel or a possible theft when the device sets none. */
export const REPORT_FUEL_THRESHOLD = 5;

export function activityConfigOf(settings: PipelineConfig): ActivityConfig {
  return {
    minDistance: settings.tripMinDistance,
    minDuration: settings.tripMinDuration,
    minParking: settings.tripMinParking,
    stopGap: settings.tripStopGap,
    useIgnition: settings.tripUseIgnition,
    refuelThreshold: settings.fuelIncreaseThreshold > 0 ? settings.fuelIncreaseThreshold : REPORT_FUEL_THRESHOLD,
    theftThreshold: settings.fuelDropThreshold > 0 ? settings.fuelDropThreshold : REPORT_FUEL_THRESHOLD,
  };
}

/**
 * The thresholds of a config as one text: kept beside a device's folded history, so a change of its settings
 * (device, group, tenant or server) is seen and the history folded again with the new ones.
 */
export function settingsKey(config: ActivityConfig): string {
  const { minDistance, minDuration, minParking, stopGap, useIgnition, refuelThreshold, theftThreshold } = config;
  return JSON.stringify([minDistance, minDuration, minParking, stopGap, useIgnition, refuelThreshold, theftThreshold]);
}

export interface DeviceBatch {
  deviceId: number;
  config: ActivityConfig;
  /** the positions of the device just stored (any order) */
  points: TrackPoint[];
}

interface Writes {
  segments: { deviceId: number; segment: Segment }[];
  added: { deviceId: number; hour: HourTally }[];
  replaced: { deviceId: number; hour: HourTally }[];
  states: { deviceId: number; state: ActivityState; since: number; settings: string }[];
}

/**
 * Keeps trips, stops and hour tallies up to date with positions just stored, inside the transaction that stored
 * them (so they commit, or are redone on redelivery, together). Positions after a device's latest fold on from its
 * kept state and add to their hours. A batch reaching back before the latest (late data, a tracker's buffer) folds
 * again from the last segment start decided before it, and recomputes the hours it touched from the stored
 * positions: the result is the same as folding the device's whole history in order.
 */
export async function maintainActivity(client: pg.ClientBase, batches: DeviceBatch[]): Promise<void> {
  const todo = batches.filter((b) => b.points.length > 0);
  if (todo.length === 0) return;
  const states = await loadStates(
    pgQuery(client),
    todo.map((b) => b.deviceId),
  );
  const w: Writes = { segments: [], added: [], replaced: [], states: [] };
  for (const batch of todo) {
    const points = [...batch.points].sort(byTime);
    const first = points[0] as TrackPoint;
    const stored = states.get(batch.deviceId);
    if (stored && !after(first, stored.state.prev)) {
      await refold(client, batch, points, stored, w);
      continue;
    }
    const hours = hoursOf(stored?.state.prev ?? null, points, batch.config);
    for (const hour of hours.values()) w.added.push({ deviceId: batch.deviceId, hour });
    const { state, segments } = fold(stored?.state ?? null, points, batch.config);
    for (const segment of segments) w.segments.push({ deviceId: batch.deviceId, segment });
    // the key of the history's fold stays until the upkeep job folds it again with the device's new settings
    const settings = stored?.settings ?? settingsKey(batch.config);
    if (state) w.states.push({ deviceId: batch.deviceId, state, since: stored?.since ?? first.time, settings });
  }
  await insertSegments(client, w.segments);
  await writeHours(client, w.added, 'add');
  await writeHours(client, w.replaced, 'replace');
  await saveStates(client, w.states);
}

/** Positions read per round trip while folding again after late data. */
const REFOLD_CHUNK = 5000;

async function refold(
  client: pg.ClientBase,
  batch: DeviceBatch,
  points: TrackPoint[],
  stored: StoredActivity,
  w: Writes,
): Promise<void> {
  const { deviceId, config } = batch;
  const { state, since, settings } = stored;
  const earliest = points[0] as TrackPoint;
  const latest = points[points.length - 1] as TrackPoint;
  const start =
    state.confirmedAt < earliest.time
      ? { kind: state.mode, time: state.anchor.time, id: state.anchor.id, confirmedAt: state.confirmedAt }
      : await segmentStart(client, deviceId, earliest.time);
  // Kept segments that start after the late positions: once the new fold decides one of them again — the same
  // start, kind and moment of decision — everything from there on is what the first fold kept (the state right
  // after a decided start depends only on that position), so the fold stops there and only the affected
  // segments are replaced.
  const kept = await segmentStartsAfter(client, deviceId, latest.time);
  const query = pgQuery(client);
  const track: TrackPoint[] = [];
  let s: ActivityState | null = null;
  const segments: Segment[] = [];
  let resumeAt: number | null = null;
  let from = start ? { time: start.time, id: start.id } : null;
  let firstChunk = true;
  for (;;) {
    const chunk = await readPoints(query, deviceId, from, null, REFOLD_CHUNK);
    let rows = chunk;
    if (firstChunk) {
      const head = chunk[0];
      if (!head) return;
      if (start && head.id === start.id) {
        s = stateAt(head, start.kind, start.confirmedAt);
        track.push(head);
        rows = chunk.slice(1);
      }
    } else if (from && chunk[0]?.id === from.id) rows = chunk.slice(1); // the keyset is inclusive
    firstChunk = false;
    for (const p of rows) {
      s = s ? step(s, p, config, segments) : firstState(p, config, segments);
      track.push(p);
      const same = kept.get(s.anchor.id);
      if (
        same &&
        same.kind === s.mode &&
        same.confirmedAt === s.confirmedAt &&
        after(s.anchor, latest) &&
        after(p, latest)
      ) {
        resumeAt = s.anchor.time;
        break;
      }
    }
    const last = chunk[chunk.length - 1];
    if (resumeAt !== null || !last || chunk.length < REFOLD_CHUNK) break;
    from = { time: last.time, id: last.id };
  }
  const head = track[0] as TrackPoint;
  const newSince = start && head.id === start.id ? since : Math.min(since, head.time);
  await deleteSegmentsFrom(client, deviceId, start ? start.time : 0, resumeAt);
  // the segment the fold was in when it met the kept ones is kept already (and so is every later one)
  for (const segment of segments)
    if (resumeAt === null || segment.start.time < resumeAt) w.segments.push({ deviceId, segment });
  if (resumeAt !== null) w.states.push({ deviceId, state, since: newSince, settings });
  else if (s) w.states.push({ deviceId, state: s, since: newSince, settings });
  // the hours of the new positions, and of the positions right after them (their pairs changed)
  const index = new Map(track.map((p, i) => [p.id, i]));
  const touched = new Set<number>();
  for (const p of points) {
    touched.add(hourOf(p.time));
    const next = track[(index.get(p.id) ?? -2) + 1];
    if (next) touched.add(hourOf(next.time));
  }
  for (const hour of touched) {
    const before = await readPointBefore(query, deviceId, hour);
    const inHour = await readPoints(query, deviceId, { time: hour, id: 0 }, hour + HOUR_MS - 1);
    const tally = hoursOf(before, inHour, config).get(hour);
    if (tally) w.replaced.push({ deviceId, hour: tally });
  }
}

async function segmentStart(client: pg.ClientBase, deviceId: number, time: number) {
  const s = await segmentDecidedBefore(client, deviceId, time);
  return s ? { kind: s.kind, time: s.startTime, id: s.startPositionId, confirmedAt: s.confirmedAt } : null;
}
