import type { DeviceStatusMessage } from '@waymark/contracts/bus';
import type { Db } from '@waymark/db/client';
import type { LiveHub } from '../live/live-hub';
import { presentDevice } from '../modules/devices/devices.presenter';

/**
 * Connection status: online while messages arrive (the position pipeline) or a connection is open, offline
 * when a TCP connection closes, unknown after WAYMARK_STATUS_TIMEOUT without data (HTTP/UDP devices never
 * close a connection, so the sweep is what ends their online state). Changes go to the websockets.
 */
export function createStatusHandler(db: Db, live: LiveHub, onConnected: (uniqueId: string) => void) {
  return async function handle(batch: readonly DeviceStatusMessage[]): Promise<void> {
    for (const message of batch) {
      const status = message.event === 'disconnected' ? 'offline' : 'online';
      const changed = await db.device.updateManyAndReturn({
        where: { uniqueId: message.uniqueId, status: { not: status }, disabled: false },
        data: { status, ...(status === 'online' ? { lastUpdate: new Date(message.time) } : {}) },
        include: { model: true },
      });
      for (const device of changed) {
        live.publish([{ tenantId: device.tenantId, deviceId: device.id, devices: [presentDevice(device)] }]);
      }
      if (message.event !== 'disconnected') onConnected(message.uniqueId);
    }
  };
}

/** Marks online devices without data for `timeoutMs` as unknown; returns how many changed. */
export async function sweepStale(db: Db, live: LiveHub, timeoutMs: number, now = new Date()): Promise<number> {
  const stale = await db.device.updateManyAndReturn({
    where: {
      status: 'online',
      OR: [{ lastUpdate: null }, { lastUpdate: { lt: new Date(now.getTime() - timeoutMs) } }],
    },
    data: { status: 'unknown' },
    include: { model: true },
  });
  if (stale.length) {
    live.publish(stale.map((d) => ({ tenantId: d.tenantId, deviceId: d.id, devices: [presentDevice(d)] })));
  }
  return stale.length;
}
