import type { BatchMeta } from '@waymark/bus/bus';
import { compareEntryIds } from '@waymark/bus/bus';
import type { PositionMessage } from '@waymark/contracts/bus';
import type { Event as EventRow } from '@waymark/db/client';
import type pg from 'pg';
import type { Logger } from 'pino';
import { applyComputed } from '../computed/evaluate';
import { enqueuePositions } from '../forwarding/enqueue';
import { isMissingPartition, PartitionMonths } from '../history/partitions';
import { activityBatches, activityConfig } from './activity/activity-batches';
import type { ActivityConfig } from './activity/activity-types';
import { maintainActivity } from './activity/maintain';
import { DeviceLinkCache } from './device-links';
import { applyDistance } from './distance';
import { createDeviceEvents } from './event-engine/engine';
import { insertEvents } from './event-engine/store-events';
import type { PendingEvent } from './event-engine/types';
import { filterReason } from './filters';
import { applyGeofences } from './geofences';
import { applyHours, applyMotion, applyOutdated } from './motion';
import { answerCommands } from './queued-commands';
import { resolveSettings } from './settings';
import type { DeviceRow, DeviceUpdate } from './store';
import {
  fixTimeText,
  insertPositions,
  lockDevices,
  positionStoredAt,
  registerDevices,
  reserveIds,
  updateDevices,
} from './store';
import type { LastPosition, PipelineConfig, WorkingPosition } from './types';

export interface StoredBatch {
  positions: (WorkingPosition & { id: bigint })[];
  /** devices whose status changed to online */
  cameOnline: { id: number; tenantId: number | null }[];
  /** events stored with the positions (for dispatchEvents) */
  events: EventRow[];
}

export interface PipelineDeps {
  pool: pg.Pool;
  config: PipelineConfig;
  log: Logger;
  /** server setting: positions of unknown ids create the device in platform stock */
  registerUnknown: () => Promise<boolean>;
  /** parallel transactions per batch (disjoint devices); the pool needs at least this many connections */
  concurrency?: number;
  /** after commit: live fan-out, events (never throws into the pipeline) */
  onStored: (batch: StoredBatch) => void;
  now?: () => Date;
  /** the month partitions known to exist (shared with the history worker, which forgets them when it drops one) */
  partitions?: PartitionMonths;
}

/**
 * The bus handler of the positions topic. Per device, in order: skip what the device's cursor says is already
 * stored, fill outdated locations, filter, distance, motion, engine hours, geofences; then one transaction
 * stores every position and moves each device's latest position, lastUpdate, status and cursor. The bus
 * acknowledges the batch only after this resolves, so a crash at any point loses nothing and stores nothing twice.
 */
export function createPositionPipeline(deps: PipelineDeps) {
  const unknownLogged = new Map<string, number>();
  const concurrency = Math.max(1, deps.concurrency ?? 3);
  const linkCache = new DeviceLinkCache();
  const partitions = deps.partitions ?? new PartitionMonths();

  /**
   * Devices of a batch are split into `concurrency` groups stored in parallel transactions (disjoint rows, so
   * PostgreSQL works on them side by side). The batch resolves only when every group is committed; if one
   * fails, the bus delivers the batch again and the committed groups' devices skip it by their cursors.
   */
  return async function handle(batch: readonly PositionMessage[], meta: BatchMeta): Promise<void> {
    const now = deps.now?.() ?? new Date();
    // the months the batch writes to exist before any transaction starts (attaching one inside would hold its lock)
    const times = batch.map((m) => fixTimeOf(m, now));
    await partitions.ensure(deps.pool, 'positions', times);
    times.push(now);
    await partitions.ensure(deps.pool, 'events', times);
    const groups: Map<string, Entry[]>[] = Array.from({ length: concurrency }, () => new Map());
    batch.forEach((message, i) => {
      const group = groups[hashOf(message.uniqueId) % concurrency] as Map<string, Entry[]>;
      const list = group.get(message.uniqueId) ?? [];
      list.push({ message, id: meta.ids[i] ?? '0-0' });
      group.set(message.uniqueId, list);
    });
    const results = await Promise.all(groups.filter((g) => g.size > 0).map((g) => storeGroup(g, now)));
    const stored: StoredBatch = {
      positions: results.flatMap((r) => r.positions),
      cameOnline: results.flatMap((r) => r.cameOnline),
      events: results.flatMap((r) => r.events),
    };
    try {
      deps.onStored(stored);
    } catch (err) {
      deps.log.error({ err }, 'after-store step failed');
    }
  };

  async function storeGroup(byDevice: Map<string, Entry[]>, now: Date): Promise<StoredBatch> {
    const client = await deps.pool.connect();
    const stored: StoredBatch = { positions: [], cameOnline: [], events: [] };
    try {
      await client.query('BEGIN');
      let devices = await lockDevices(client, [...byDevice.keys()]);
      const unknown = [...byDevice.keys()].filter((u) => !devices.has(u));
      if (unknown.length > 0 && (await deps.registerUnknown())) {
        await registerDevices(client, unknown);
        devices = await lockDevices(client, [...byDevice.keys()]);
      }
      const links = await linkCache.get(
        client,
        [...devices.values()].map((d) => d.id),
        now.getTime(),
      );
      const events: PendingEvent[] = [];
      const rows: WorkingPosition[] = [];
      const updates: DeviceUpdate[] = [];
      const latestRow = new Map<number, WorkingPosition>();
      const activity = new Map<number, ActivityConfig>();
      for (const [uniqueId, entries] of byDevice) {
        const device = devices.get(uniqueId);
        if (!device) {
          logUnknown(uniqueId, entries[0]?.message.protocol ?? '?', now);
          continue;
        }
        if (device.disabled) continue;
        const settings = resolveSettings(device.layers, deps.config);
        activity.set(device.id, activityConfig(settings));
        const linked = links.get(device.id);
        const geofences = linked?.geofences ?? [];
        const computed = linked?.computed ?? [];
        const engine = createDeviceEvents(
          device,
          device.eventState,
          settings,
          geofences,
          linked?.maintenances ?? [],
          linkCache.calendarAllows,
          events,
          linked?.routes ?? [],
        );
        let last = device.last;
        let cursor = device.busCursor;
        let late = false; // a message behind the cursor was taken up: the device row is written even so
        for (const { message, id } of entries) {
          // At or before the cursor: a redelivery of what this device's transactions stored already. Unless an
          // older message reached a consumer after newer ones were committed (a partition read by two nodes for a
          // moment while its lease changes hands): that one was never stored, and is stored now, late, not lost.
          const behind = cursor !== null && compareEntryIds(id, cursor) <= 0;
          if (behind && (await storedAlready(client, device.id, fixTimeOf(message, now), rows))) continue;
          if (behind) late = true;
          else cursor = id;
          const position = toWorking(message, id, device, now);
          applyOutdated(position, last);
          const dropped =
            filterReason(position, last, settings, now) ??
            (await lateDuplicate(client, position, last, settings, rows));
          if (dropped) {
            deps.log.debug({ uniqueId, reason: dropped }, 'position filtered');
            continue;
          }
          applyDistance(position, last);
          applyMotion(position, settings);
          applyGeofences(position, geofences);
          // computed attributes see distance, motion and geofences; what they set counts for hours and events
          if (computed.length > 0) applyComputed(computed, position);
          applyHours(position, last);
          engine.run(position, last);
          rows.push(position);
          // a status message with no location of its own never becomes the latest position before a real fix
          if (position.outdated && !last) continue;
          if (!last || position.fixTime >= last.fixTime) {
            last = position;
            latestRow.set(device.id, position);
          }
        }
        if (cursor && (cursor !== device.busCursor || late)) {
          const eventState = engine.result.changed ? engine.result.state : null;
          updates.push({
            id: device.id,
            positionId: null,
            positionTime: null,
            lastUpdate: now,
            busCursor: cursor,
            eventState,
          });
          if (device.status !== 'online') {
            stored.cameOnline.push({ id: device.id, tenantId: device.tenantId });
            events.push({ ...statusEvent(device, now), type: 'deviceOnline' });
          }
        }
      }
      const ids = await reserveIds(client, rows.length);
      const withIds = rows.map((r, i) => Object.assign(r, { id: ids[i] as bigint }));
      for (const update of updates) {
        const latest = latestRow.get(update.id) as (WorkingPosition & { id: bigint }) | undefined;
        if (latest) {
          update.positionId = latest.id;
          update.positionTime = fixTimeText(latest);
        }
      }
      await insertPositions(client, withIds);
      await enqueuePositions(client, withIds);
      await maintainActivity(client, activityBatches(withIds, activity));
      await updateDevices(client, updates);
      if (withIds.some((p) => typeof p.attributes.result === 'string')) {
        events.push(...(await answerCommands(client, withIds)));
      }
      const eventRows = await insertEvents(
        client,
        events,
        (e) => (e.position as (WorkingPosition & { id?: bigint }) | null)?.id ?? null,
      );
      await client.query('COMMIT');
      stored.positions = withIds;
      stored.events = eventRows;
      return stored;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      // a month dropped by retention since it was remembered: made again when the bus delivers the batch again
      if (isMissingPartition(err)) partitions.forget();
      throw err;
    } finally {
      client.release();
    }
  }

  function logUnknown(uniqueId: string, protocol: string, now: Date) {
    const lastLogged = unknownLogged.get(uniqueId) ?? 0;
    if (now.getTime() - lastLogged < 60_000) return;
    if (unknownLogged.size > 10_000) unknownLogged.clear();
    unknownLogged.set(uniqueId, now.getTime());
    deps.log.warn({ uniqueId, protocol }, 'unknown device: register it to store its positions');
  }
}

/** A position of the device at that fix time is stored, or is in the batch being stored. */
async function storedAlready(
  client: pg.PoolClient,
  deviceId: number,
  fixTime: Date,
  batch: readonly WorkingPosition[],
): Promise<boolean> {
  const time = fixTime.getTime();
  if (batch.some((p) => p.deviceId === deviceId && p.fixTime.getTime() === time)) return true;
  return positionStoredAt(client, deviceId, fixTime);
}

/** The time a message's position is fixed at: its fix time, else its device time, else the server's. */
function fixTimeOf(message: PositionMessage, now: Date): Date {
  if (message.fixTime || message.deviceTime) return new Date(message.fixTime ?? message.deviceTime ?? '');
  const serverTime = new Date(message.serverTime);
  return Number.isNaN(serverTime.getTime()) ? now : serverTime;
}

/**
 * The duplicate filter past the latest position: a position older than the device's latest whose fix time is
 * already stored, or already in this batch, is a tracker's resend that arrived after newer positions (it was
 * published twice: by an ingest that held it while the tracker gave up, and by the one the tracker resent it to).
 * Only positions older than the latest pay the lookup.
 */
async function lateDuplicate(
  client: pg.PoolClient,
  position: WorkingPosition,
  last: LastPosition | null,
  settings: PipelineConfig,
  batch: readonly WorkingPosition[],
): Promise<string | null> {
  if (!settings.filterDuplicate || !last || position.outdated || position.fixTime >= last.fixTime) return null;
  const time = position.fixTime.getTime();
  if (batch.some((p) => p.deviceId === position.deviceId && p.fixTime.getTime() === time)) return 'duplicate';
  return (await positionStoredAt(client, position.deviceId, position.fixTime)) ? 'duplicate' : null;
}

function toWorking(message: PositionMessage, entryId: string, device: DeviceRow, now: Date): WorkingPosition {
  const serverTime = new Date(message.serverTime);
  const serverValid = !Number.isNaN(serverTime.getTime());
  const fixText = message.fixTime ?? message.deviceTime ?? message.serverTime;
  const deviceText = message.deviceTime ?? fixText;
  const fixTime = fixTimeOf(message, now);
  return {
    message,
    entryId,
    deviceId: device.id,
    tenantId: device.tenantId,
    serverTime: serverValid ? serverTime : now,
    fixTime,
    deviceTime: message.deviceTime ? new Date(message.deviceTime) : fixTime,
    // times go to the database as the message wrote them (ISO, UTC) unless the server time had to be replaced
    texts: serverValid ? { serverTime: message.serverTime, deviceTime: deviceText, fixTime: fixText } : undefined,
    valid: message.valid,
    latitude: message.latitude,
    longitude: message.longitude,
    altitude: message.altitude,
    speed: message.speed,
    course: message.course,
    accuracy: message.accuracy,
    outdated: message.outdated,
    // the message's own object: the steps set the same values again if a failed batch is handled twice
    attributes: message.attributes,
    geofenceIds: [],
  };
}

function statusEvent(device: DeviceRow, now: Date): Omit<PendingEvent, 'type'> {
  return { deviceId: device.id, tenantId: device.tenantId, eventTime: now, position: null, attributes: {} };
}

interface Entry {
  message: PositionMessage;
  id: string;
}

/** FNV-1a: spreads devices over the parallel groups. */
function hashOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
