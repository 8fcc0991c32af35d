import type { DeviceModel, Event as EventRow, Position as PositionRow } from '@waymark/db/client';
import type pg from 'pg';
import { type DeviceWithModel, presentDevice } from '../modules/devices/devices.presenter';
import { presentEvent } from '../modules/events/events.presenter';
import type { Outgoing } from './transports';

/** A claimed outbox row: a position (with its fix time, which names its partition) or an event. */
export interface OutboxRow {
  id: bigint;
  positionId: bigint | null;
  fixTime: Date | null;
  eventId: bigint | null;
}

/** How long a device's JSON is reused between batches (its status, lastUpdate and positionId may lag by this). */
const DEVICE_TTL_MS = 1_000;

/**
 * The devices' Traccar JSON, read straight from the table (with the model's name) and kept for DEVICE_TTL_MS:
 * at full rate every batch names most devices, so this spares a read of all of them per batch. One per target loop.
 */
export class DeviceJson {
  private readonly cache = new Map<number, { json: string; at: number }>();

  constructor(private readonly ttlMs = DEVICE_TTL_MS) {}

  async of(client: pg.ClientBase, ids: Iterable<number>, now = Date.now()): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = this.cache.get(id);
      if (hit && now - hit.at < this.ttlMs) out.set(id, hit.json);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const { rows } = await client.query<DeviceWithModel & { modelName: string | null }>({
        name: 'waymark-forward-devices',
        text: `SELECT d.*, m.name AS "modelName" FROM devices d LEFT JOIN device_models m ON m.id = d."modelId"
                WHERE d.id = ANY($1::int[])`,
        values: [missing],
      });
      for (const row of rows) {
        const model = row.modelName === null ? null : ({ name: row.modelName } as DeviceModel);
        const json = JSON.stringify(presentDevice({ ...row, model }));
        this.cache.set(row.id, { json, at: now });
        out.set(row.id, json);
      }
      // a deleted device is read again next time (and its rows left out meanwhile)
      if (this.cache.size > 100_000) this.cache.clear();
    }
    return out;
  }
}

/** A stored position as read here: its json columns as their stored text (never parsed, only passed on). */
type PositionText = Omit<PositionRow, 'network' | 'attributes'> & { network: string | null; attributes: string | null };

/** The columns of a position, with `network` and `attributes` (type json: stored as text) not parsed. */
const POSITION_COLUMNS = `p.id, p."deviceId", p.protocol, p."serverTime", p."deviceTime", p."fixTime", p.valid,
  p.latitude, p.longitude, p.altitude, p.speed, p.course, p.address, p.accuracy, p."geofenceIds",
  p.network::text AS network, p.attributes::text AS attributes`;

/**
 * A position in Traccar's JSON (the fields `presentPosition` serves), its network and attributes spliced in as
 * the text PostgreSQL keeps: at full rate parsing and writing them again was most of the worker's garbage.
 */
export function positionJson(p: PositionText): string {
  const head = JSON.stringify({
    id: Number(p.id),
    deviceId: p.deviceId,
    protocol: p.protocol,
    serverTime: p.serverTime.toISOString(),
    deviceTime: p.deviceTime.toISOString(),
    fixTime: p.fixTime.toISOString(),
    outdated: false,
    valid: p.valid,
    latitude: p.latitude,
    longitude: p.longitude,
    altitude: p.altitude,
    speed: p.speed,
    course: p.course,
    address: p.address,
    accuracy: p.accuracy,
    geofenceIds: p.geofenceIds,
  });
  return `${head.slice(0, -1)},"network":${p.network ?? 'null'},"attributes":${p.attributes ?? '{}'}}`;
}

/**
 * The outbox rows as Traccar's forwarders send them: `{"position", "device"}` for a position and
 * `{"event", "position", "device"}` for an event (position null when the event has none), each through the
 * presenters the API serves. A row whose position, event or device no longer exists (retention, deletion) has
 * nothing left to send and is left out.
 */
export async function messagesOf(
  client: pg.ClientBase,
  devicesJson: DeviceJson,
  rows: readonly OutboxRow[],
): Promise<Outgoing[]> {
  const positionKeys = rows.filter((r) => r.positionId !== null && r.fixTime !== null);
  const eventIds = rows.flatMap((r) => (r.eventId === null ? [] : [r.eventId.toString()]));
  const events = new Map<bigint, EventRow>();
  if (eventIds.length > 0) {
    const { rows: found } = await client.query<EventRow>(
      'SELECT e.* FROM events e JOIN unnest($1::bigint[]) AS k(id) ON e.id = k.id',
      [eventIds],
    );
    for (const e of found) events.set(e.id, e);
  }
  const positions = new Map<bigint, PositionText>();
  if (positionKeys.length > 0) {
    const { rows: found } = await client.query<PositionText>({
      name: 'waymark-forward-positions-read',
      text: `SELECT ${POSITION_COLUMNS} FROM positions p
               JOIN unnest($1::bigint[], $2::timestamp[]) AS k(id, ft) ON p.id = k.id AND p."fixTime" = k.ft`,
      values: [
        positionKeys.map((r) => String(r.positionId)),
        positionKeys.map((r) => (r.fixTime as Date).toISOString()),
      ],
    });
    for (const p of found) positions.set(p.id, p);
  }
  // an event's position has no fix time beside it: looked up by id in every month (events are few)
  const eventPositions = [...events.values()].flatMap((e) =>
    e.positionId === null || positions.has(e.positionId) ? [] : [e.positionId.toString()],
  );
  if (eventPositions.length > 0) {
    const { rows: found } = await client.query<PositionText>(
      `SELECT ${POSITION_COLUMNS} FROM positions p WHERE p.id = ANY($1::bigint[])`,
      [eventPositions],
    );
    for (const p of found) positions.set(p.id, p);
  }
  const deviceIds = new Set<number>();
  for (const p of positions.values()) deviceIds.add(p.deviceId);
  for (const e of events.values()) deviceIds.add(e.deviceId);
  const devices = await devicesJson.of(client, deviceIds);

  // the bodies are put together around the device's JSON (the same text JSON.stringify gives the whole object)
  const out: Outgoing[] = [];
  for (const row of rows) {
    if (row.positionId !== null) {
      const position = positions.get(row.positionId);
      const device = position && devices.get(position.deviceId);
      if (position && device) {
        out.push({
          kind: 'position',
          body: `{"position":${positionJson(position)},"device":${device}}`,
        });
      }
    } else if (row.eventId !== null) {
      const event = events.get(row.eventId);
      const device = event && devices.get(event.deviceId);
      if (!event || !device) continue;
      const position = event.positionId === null ? undefined : positions.get(event.positionId);
      out.push({
        kind: 'event',
        body: `{"event":${JSON.stringify(presentEvent(event))},"position":${position ? positionJson(position) : 'null'},"device":${device}}`,
      });
    }
  }
  return out;
}
