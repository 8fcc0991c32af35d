import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchCommandTypes, fetchSendableCommands, sendCommand } from './commands.api';

/** Query keys of the commands feature; every key starts with `commandKeys.all`. */
export const commandKeys = {
  all: ['commands'] as const,
  sendable: (deviceId: number) => [...commandKeys.all, 'sendable', deviceId] as const,
  types: (deviceId: number, textChannel = false) => [...commandKeys.all, 'types', deviceId, textChannel] as const,
};

export function useSendableCommandsQuery(deviceId: number | null) {
  return useQuery({
    queryKey: commandKeys.sendable(deviceId ?? 0),
    queryFn: () => fetchSendableCommands(deviceId ?? 0),
    enabled: deviceId !== null,
  });
}

export function useCommandTypesQuery(deviceId: number | null) {
  return useQuery({
    queryKey: commandKeys.types(deviceId ?? 0),
    queryFn: () => fetchCommandTypes(deviceId ?? 0),
    enabled: deviceId !== null,
  });
}

/**
 * The types a saved command may take: every type, or those of a chosen device's protocol, else of a chosen
 * protocol (and channel).
 */
export function useCommandTypeChoicesQuery(deviceId: number | null, textChannel: boolean, protocol: string | null) {
  return useQuery({
    queryKey: [...commandKeys.types(deviceId ?? 0, textChannel), deviceId === null ? protocol : null],
    queryFn: () => fetchCommandTypes(deviceId, textChannel, protocol),
  });
}

export function useSendCommandMutation() {
  return useMutation({ mutationFn: sendCommand });
}
