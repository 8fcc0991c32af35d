import { useInfiniteQuery } from '@tanstack/react-query';
import { fetchDeviceLog } from './device-log.api';

/** Query keys of the device log; every key starts with `deviceLogKeys.all`. */
export const deviceLogKeys = {
  all: ['device-log'] as const,
  day: (deviceId: number, date: string) => [...deviceLogKeys.all, deviceId, date] as const,
};

/** A device's frames of a UTC day, page after page (the `next` cursor). */
export function useDeviceLogQuery(deviceId: number | null, date: string) {
  return useInfiniteQuery({
    queryKey: deviceLogKeys.day(deviceId ?? 0, date),
    queryFn: ({ pageParam, signal }) => fetchDeviceLog(deviceId ?? 0, date, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
    enabled: deviceId != null,
  });
}
