import type { DeviceLogEntry, DeviceLogItem } from '@waymark/contracts/device-log';
import { hasAnyPermission } from '@waymark/contracts/permissions';
import type { AppContext } from '../../context';
import type { AuthContext } from '../../plugins/app/auth-context';
import { toDeviceLogItem } from './device-log.presenter';
import { DEVICE_LOG_PERMISSIONS } from './device-log.service';

/** The caller's devices are read again this often while its live log runs (devices added, moved or removed). */
const REFRESH_MS = 30_000;
/** Most entries of one frame: a caller who sees a large fleet gets the newest of a busy moment, not all of it. */
const MAX_PER_FRAME = 500;

export interface LiveDeviceLog {
  /** `{"logs": true}` starts, `{"logs": false}` stops; returns false when the caller may not read logs. */
  set(enabled: boolean): Promise<boolean>;
  stop(): void;
}

/**
 * One socket's live log (Traccar's `{"logs": [...]}`): new entries of the device log, from any ingest node, for
 * the devices the socket's caller sees (its scoped database: uniqueId -> device id, read again every REFRESH_MS).
 */
export function liveDeviceLog(ctx: AppContext, auth: AuthContext, send: (items: DeviceLogItem[]) => void) {
  let unwatch: (() => void) | undefined;
  let refresh: NodeJS.Timeout | undefined;
  let visible = new Map<string, number>();
  let generation = 0;

  const load = async () => {
    const devices = await auth.db.device.findMany({ select: { id: true, uniqueId: true } });
    visible = new Map(devices.map((d) => [d.uniqueId, d.id]));
  };
  const onEntries = (entries: readonly DeviceLogEntry[]) => {
    const items: DeviceLogItem[] = [];
    for (const entry of entries) {
      const deviceId = visible.get(entry.uniqueId);
      if (deviceId !== undefined) items.push(toDeviceLogItem(entry, deviceId));
    }
    if (items.length > 0) send(items.slice(-MAX_PER_FRAME));
  };
  const stop = () => {
    generation += 1;
    unwatch?.();
    unwatch = undefined;
    clearInterval(refresh);
    refresh = undefined;
  };

  const live: LiveDeviceLog = {
    async set(enabled) {
      if (!enabled) {
        stop();
        return true;
      }
      if (!hasAnyPermission(auth.permissions, DEVICE_LOG_PERMISSIONS) || !ctx.deviceLog) return false;
      if (unwatch) return true;
      const mine = ++generation;
      await load();
      const off = await ctx.deviceLog.watch(onEntries);
      // stopped (or started again) while the devices were read: this start is void
      if (mine !== generation) {
        off();
        return true;
      }
      unwatch = off;
      refresh = setInterval(() => {
        load().catch((err) => ctx.log.debug({ err }, 'live log: devices not read again'));
      }, REFRESH_MS);
      return true;
    },
    stop,
  };
  return live;
}
