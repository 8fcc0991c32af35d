import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GeofenceInput } from '@waymark/contracts/geofence';
import { createGeofence, deleteGeofence, fetchGeofences, setLink, updateGeofence } from './geofences.api';

/**
 * Query keys of the geofences feature; every key starts with `geofenceKeys.all`. The devices a geofence can be
 * linked to are the devices feature's list (useDevicesQuery), which live updates keep current.
 */
export const geofenceKeys = {
  all: ['geofences'] as const,
  list: () => [...geofenceKeys.all, 'list'] as const,
  ofDevice: (deviceId: number) => [...geofenceKeys.all, 'device', deviceId] as const,
};

export function useGeofencesQuery() {
  return useQuery({ queryKey: geofenceKeys.list(), queryFn: () => fetchGeofences() });
}

/** The ids of the devices linked to `geofenceId`, asked device by device (Traccar has no reverse list). */
export function useLinkedDeviceIds(geofenceId: number, deviceIds: readonly number[]) {
  return useQueries({
    queries: deviceIds.map((deviceId) => ({
      queryKey: geofenceKeys.ofDevice(deviceId),
      queryFn: () => fetchGeofences(deviceId),
    })),
    combine: (results) => ({
      pending: results.some((r) => r.isPending),
      ids: deviceIds.filter((_, i) => results[i]?.data?.some((g) => g.id === geofenceId)),
    }),
  });
}

export function useSaveGeofenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: GeofenceInput }) =>
      id ? updateGeofence(id, input) : createGeofence(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: geofenceKeys.list() }),
  });
}

export function useDeleteGeofenceMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeofence,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: geofenceKeys.all }),
  });
}

export function useDeviceLinkMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ deviceId, geofenceId, linked }: { deviceId: number; geofenceId: number; linked: boolean }) =>
      setLink({ deviceId, geofenceId }, linked),
    onSuccess: (_, { deviceId }) => queryClient.invalidateQueries({ queryKey: geofenceKeys.ofDevice(deviceId) }),
  });
}
