import type { Db, Event as EventRow, Position as PositionRow } from '@waymark/db/client';
import type pg from 'pg';
import { presentDevice } from '../modules/devices/devices.presenter';
import { presentEvent } from '../modules/events/events.presenter';
import { presentPosition } from '../modules/positions/positions.presenter';
import type { Outgoing } from './transports';

/** A claimed outbox row: a position (with its fix time, which names its partition) or an event. */
export interface OutboxRow {
  id: bigint;
  positionId: bigint | null;
  fixTime: Date | null;
  eventId: bigint | null;
}

/**
 * The outbox rows as Traccar's forwarders send them: `{"position", "device"}` for a position and
 * `{"event", "position", "device"}` for an event (position null when the event has none), each through the
 * presenters the API serves. A row whose position, event or device no longer exists (retention, deletion) has
 * nothing left to send and is left out.
 */
export async function messagesOf(client: pg.ClientBase, db: Db, rows: readonly OutboxRow[]): Promise<Outgoing[]> {
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
  const positions = new Map<bigint, PositionRow>();
  if (positionKeys.length > 0) {
    const { rows: found } = await client.query<PositionRow>(
      `SELECT p.* FROM positions p
         JOIN unnest($1::bigint[], $2::timestamp[]) AS k(id, ft) ON p.id = k.id AND p."fixTime" = k.ft`,
      [positionKeys.map((r) => String(r.positionId)), positionKeys.map((r) => (r.fixTime as Date).toISOString())],
    );
    for (const p of found) positions.set(p.id, p);
  }
  // an event's position has no fix time beside it: looked up by id in every month (events are few)
  const eventPositions = [...events.values()].flatMap((e) =>
    e.positionId === null || positions.has(e.positionId) ? [] : [e.positionId.toString()],
  );
  if (eventPositions.length > 0) {
    const { rows: found } = await client.query<PositionRow>(
      'SELECT p.* FROM positions p WHERE p.id = ANY($1::bigint[])',
      [eventPositions],
    );
    for (const p of found) positions.set(p.id, p);
  }
  const deviceIds = new Set<number>();
  for (const p of positions.values()) deviceIds.add(p.deviceId);
  for (const e of events.values()) deviceIds.add(e.deviceId);
  const devices = new Map(
    (await db.device.findMany({ where: { id: { in: [...deviceIds] } }, include: { model: true } })).map((d) => [
      d.id,
      presentDevice(d),
    ]),
  );

  const out: Outgoing[] = [];
  for (const row of rows) {
    if (row.positionId !== null) {
      const position = positions.get(row.positionId);
      const device = position && devices.get(position.deviceId);
      if (position && device) {
        out.push({ kind: 'position', body: JSON.stringify({ position: presentPosition(position), device }) });
      }
    } else if (row.eventId !== null) {
      const event = events.get(row.eventId);
      const device = event && devices.get(event.deviceId);
      if (!event || !device) continue;
      const position = event.positionId === null ? undefined : positions.get(event.positionId);
      out.push({
        kind: 'event',
        body: JSON.stringify({
          event: presentEvent(event),
          position: position ? presentPosition(position) : null,
          device,
        }),
      });
    }
  }
  return out;
}
