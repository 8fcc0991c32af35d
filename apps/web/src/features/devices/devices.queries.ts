import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Device, DeviceInput, Position } from '@waymark/contracts/device';
import { useCallback, useMemo } from 'react';
import {
  createDevice,
  type DeviceListParams,
  deleteDevice,
  fetchDevice,
  fetchDevices,
  fetchLatestPositions,
  shareDevice,
  updateDevice,
} from './devices.api';

/** Query keys of devices and positions; every key starts with `deviceKeys.all`. */
export const deviceKeys = {
  all: ['devices'] as const,
  lists: () => [...deviceKeys.all, 'list'] as const,
  list: (params: DeviceListParams = {}) => [...deviceKeys.lists(), params] as const,
  detail: (id: number) => [...deviceKeys.all, 'detail', id] as const,
  positions: () => [...deviceKeys.all, 'positions'] as const,
  latestPositions: () => [...deviceKeys.positions(), 'latest'] as const,
  position: (id: number) => [...deviceKeys.positions(), 'byId', id] as const,
};

/**
 * GET /api/devices, the app's one device list: every feature that lists devices (alerts, geofences,
 * notifications, commands, replay, the map) reads it here, so the websocket updates the live controller merges
 * into `deviceKeys.lists()` reach all of them.
 */
export function useDevicesQuery(params: DeviceListParams = {}) {
  return useQuery({
    queryKey: deviceKeys.list(params),
    queryFn: ({ signal }) => fetchDevices(params, signal),
    staleTime: 30_000,
  });
}

/**
 * The device list with the names by id, for the pages that show a device id as its name; a device the list does
 * not hold (deleted, or not loaded yet) shows as `#id`.
 */
export function useDeviceNames() {
  const devices = useDevicesQuery();
  const names = useMemo(() => new Map((devices.data ?? []).map((d) => [d.id, d.name])), [devices.data]);
  const nameOf = useCallback((id: number) => names.get(id) ?? `#${id}`, [names]);
  return { devices, names, nameOf };
}

export function useDeviceQuery(id: number | null | undefined) {
  return useQuery({
    queryKey: deviceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchDevice(id ?? 0, signal),
    enabled: id != null && id > 0,
  });
}

/** GET /api/positions: latest position per device; the live controller writes websocket updates here. */
export function useLatestPositionsQuery() {
  return useQuery({
    queryKey: deviceKeys.latestPositions(),
    queryFn: ({ signal }) => fetchLatestPositions(signal),
    staleTime: Number.POSITIVE_INFINITY,
    // a websocket batch replaces thousands of positions: comparing old and new deeply (structural sharing)
    // would cost more than everything else the batch does; the merge already keeps unchanged objects
    structuralSharing: false,
  });
}

/** Replaces or adds devices in every cached device list and detail (websocket `devices`, mutations). */
export function mergeDevices(client: QueryClient, devices: readonly Device[]): void {
  if (devices.length === 0) return;
  const byId = new Map(devices.map((d) => [d.id, d]));
  for (const [key, old] of client.getQueriesData<Device[]>({ queryKey: deviceKeys.lists() })) {
    if (!old) continue;
    const params = key[2];
    // Only the unfiltered list takes in devices it did not have; filtered lists just refresh their rows.
    const unfiltered = !params || (typeof params === 'object' && Object.keys(params).length === 0);
    const seen = new Set<number>();
    const next = old.map((d) => {
      const update = byId.get(d.id);
      if (!update) return d;
      seen.add(d.id);
      return update;
    });
    if (unfiltered) for (const d of devices) if (!seen.has(d.id)) next.push(d);
    client.setQueryData(key, next);
  }
  for (const d of devices) {
    if (client.getQueryData(deviceKeys.detail(d.id))) client.setQueryData(deviceKeys.detail(d.id), d);
  }
}

/** Writes a batch of positions into the latest-positions cache in one update (newest per device wins). */
export function mergePositions(client: QueryClient, positions: readonly Position[]): void {
  if (positions.length === 0) return;
  client.setQueryData<Position[]>(deviceKeys.latestPositions(), (old) => {
    const byDevice = new Map<number, Position>();
    for (const p of old ?? []) byDevice.set(p.deviceId, p);
    for (const p of positions) byDevice.set(p.deviceId, p);
    return Array.from(byDevice.values());
  });
}

export function useCreateDeviceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDevice,
    onSuccess: () => client.invalidateQueries({ queryKey: deviceKeys.lists() }),
  });
}

export function useUpdateDeviceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: DeviceInput }) => updateDevice(id, input),
    onSuccess: (device) => {
      client.setQueryData(deviceKeys.detail(device.id), device);
      return client.invalidateQueries({ queryKey: deviceKeys.lists() });
    },
  });
}

export function useDeleteDeviceMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    onSuccess: (_data, id) => {
      client.removeQueries({ queryKey: deviceKeys.detail(id) });
      client.setQueryData<Position[]>(deviceKeys.latestPositions(), (old) => old?.filter((p) => p.deviceId !== id));
      return client.invalidateQueries({ queryKey: deviceKeys.lists() });
    },
  });
}

export function useShareDeviceMutation() {
  return useMutation({
    mutationFn: ({ deviceId, expiration }: { deviceId: number; expiration: string }) =>
      shareDevice(deviceId, expiration),
  });
}
