import type { DeviceStatusMessage } from '@waymark/contracts/bus';
import type { Db, Event as EventRow } from '@waymark/db/client';
import { FORWARD_STORED_EVENTS } from '../forwarding/enqueue';
import { ensureEventMonths } from '../history/partitions';
import type { LiveHub } from '../live/live-hub';
import { presentDevice } from '../modules/devices/devices.presenter';

type OnEvents = (rows: EventRow[]) => void;

const STATUS_EVENT = { online: 'deviceOnline', offline: 'deviceOffline', unknown: 'deviceUnknown' } as const;

/** Which devices a status change applies to. */
type Selection = { uniqueId: string; status: 'online' | 'offline' } | { staleBefore: Date };

/**
 * Changes the status of the selected devices and stores one status event per changed device, marked pending
 * dispatch (dispatch.ts), in ONE statement (atomic, one round trip: the ingest reports every connected device once a minute, so this runs tens of times a
 * second and almost always changes nothing). Returns the changed devices (with their model, for the websockets)
 * and the stored events.
 */
async function changeStatus(db: Db, selection: Selection, eventTime: Date) {
  await ensureEventMonths(db, [eventTime]);
  const status = 'staleBefore' in selection ? 'unknown' : selection.status;
  const where =
    'staleBefore' in selection
      ? `status = 'online' AND ("lastUpdate" IS NULL OR "lastUpdate" < $4::timestamp)`
      : `"uniqueId" = $4 AND status <> $1 AND disabled = false`;
  const events = await db.$queryRawUnsafe<EventRow[]>(
    `WITH changed AS (
       UPDATE devices SET status = $1, "updatedAt" = now(),
              "lastUpdate" = CASE WHEN $1 = 'online' THEN $3::timestamp ELSE "lastUpdate" END
        WHERE ${where}
        RETURNING id, "tenantId", "positionId"),
     stored AS (
       INSERT INTO events ("tenantId", "deviceId", type, "eventTime", "positionId", attributes)
       SELECT "tenantId", id, $2, $3::timestamp, "positionId", '{}' FROM changed
       RETURNING *),
     pending AS (INSERT INTO pending_dispatches ("eventId") SELECT id FROM stored),
     ${FORWARD_STORED_EVENTS}
     SELECT * FROM stored`,
    status,
    STATUS_EVENT[status],
    eventTime.toISOString(),
    'staleBefore' in selection ? selection.staleBefore.toISOString() : selection.uniqueId,
  );
  const changed = events.length
    ? await db.device.findMany({ where: { id: { in: events.map((e) => e.deviceId) } }, include: { model: true } })
    : [];
  return { changed, events };
}

/**
 * Connection status: online while messages arrive (the position pipeline) or a connection is open, offline
 * when a TCP connection closes, unknown after WAYMARK_STATUS_TIMEOUT without data (HTTP/UDP devices never
 * close a connection, so the sweep is what ends their online state). Changes go to the websockets, and each
 * becomes a deviceOnline / deviceOffline / deviceUnknown event handed to `onEvents` after it is stored.
 */
export function createStatusHandler(
  db: Db,
  live: LiveHub,
  onConnected: (uniqueId: string) => void,
  onEvents: OnEvents = () => {},
) {
  return async function handle(batch: readonly DeviceStatusMessage[]): Promise<void> {
    for (const message of batch) {
      const status = message.event === 'disconnected' ? 'offline' : 'online';
      const { changed, events } = await changeStatus(
        db,
        { uniqueId: message.uniqueId, status },
        new Date(message.time),
      );
      for (const device of changed) {
        live.publish([{ tenantId: device.tenantId, deviceId: device.id, devices: [presentDevice(device)] }]);
      }
      if (events.length) onEvents(events);
      if (message.event !== 'disconnected') onConnected(message.uniqueId);
    }
  };
}

/** Marks online devices without data for `timeoutMs` as unknown (deviceUnknown events); returns how many changed. */
export async function sweepStale(
  db: Db,
  live: LiveHub,
  timeoutMs: number,
  now = new Date(),
  onEvents: OnEvents = () => {},
): Promise<number> {
  const { changed, events } = await changeStatus(db, { staleBefore: new Date(now.getTime() - timeoutMs) }, now);
  if (changed.length) {
    live.publish(changed.map((d) => ({ tenantId: d.tenantId, deviceId: d.id, devices: [presentDevice(d)] })));
  }
  if (events.length) onEvents(events);
  return changed.length;
}
