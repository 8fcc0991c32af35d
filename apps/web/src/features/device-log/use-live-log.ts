import type { DeviceLogItem } from '@waymark/contracts/device-log';
import { useEffect, useState } from 'react';
import { useLive } from '../../live/live-provider';

/** Entries the live view keeps: the newest ones. */
export const LIVE_LOG_KEPT = 500;

/**
 * While `enabled`, the raw frames arriving over the socket (`{"logs"}` frames) for one device, or for every
 * visible device when `deviceId` is null; newest last, at most LIVE_LOG_KEPT. Turning it off forgets them.
 */
export function useLiveLog(enabled: boolean, deviceId: number | null): DeviceLogItem[] {
  const { onLogs } = useLive();
  const [entries, setEntries] = useState<DeviceLogItem[]>([]);
  useEffect(() => {
    setEntries([]);
    if (!enabled) return;
    return onLogs((incoming) => {
      const mine = deviceId == null ? incoming : incoming.filter((e) => e.deviceId === deviceId);
      if (mine.length > 0) setEntries((old) => [...old, ...mine].slice(-LIVE_LOG_KEPT));
    });
  }, [enabled, deviceId, onLogs]);
  return entries;
}
