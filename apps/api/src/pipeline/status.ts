import type { DeviceStatusMessage } from '@waymark/contracts/bus';
import type { Db, Event as EventRow, Prisma } from '@waymark/db/client';
import type { LiveHub } from '../live/live-hub';
import { presentDevice } from '../modules/devices/devices.presenter';

type OnEvents = (rows: EventRow[]) => void;

const STATUS_EVENT = { online: 'deviceOnline', offline: 'deviceOffline', unknown: 'deviceUnknown' } as const;

/** Changes the status of the devices `where` selects and stores one status event per changed device, atomically. */
async function changeStatus(
  db: Db,
  where: Prisma.DeviceWhereInput,
  data: Prisma.DeviceUpdateManyMutationInput,
  eventTime: Date,
) {
  const status = data.status as keyof typeof STATUS_EVENT;
  return db.$transaction(async (tx) => {
    const changed = await tx.device.updateManyAndReturn({ where, data, include: { model: true } });
    const events = changed.length
      ? await tx.event.createManyAndReturn({
          data: changed.map((d) => ({
            tenantId: d.tenantId,
            deviceId: d.id,
            type: STATUS_EVENT[status],
            eventTime,
            positionId: d.positionId,
          })),
        })
      : [];
    return { changed, events };
  });
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
        { uniqueId: message.uniqueId, status: { not: status }, disabled: false },
        { status, ...(status === 'online' ? { lastUpdate: new Date(message.time) } : {}) },
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
  const { changed, events } = await changeStatus(
    db,
    {
      status: 'online',
      OR: [{ lastUpdate: null }, { lastUpdate: { lt: new Date(now.getTime() - timeoutMs) } }],
    },
    { status: 'unknown' },
    now,
  );
  if (changed.length) {
    live.publish(changed.map((d) => ({ tenantId: d.tenantId, deviceId: d.id, devices: [presentDevice(d)] })));
  }
  if (events.length) onEvents(events);
  return changed.length;
}
