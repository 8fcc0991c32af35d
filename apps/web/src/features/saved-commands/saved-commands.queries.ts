import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedCommandInput } from '@waymark/contracts/saved-command';
import { commandKeys } from '../commands/commands.queries';
import { createSavedCommand, deleteSavedCommand, fetchSavedCommands, updateSavedCommand } from './saved-commands.api';

// Under the commands feature's keys: a change also refreshes what the command page offers a device.
const savedKeys = { list: () => [...commandKeys.all, 'saved'] as const };

export const useSavedCommandsQuery = () => useQuery({ queryKey: savedKeys.list(), queryFn: fetchSavedCommands });

export function useSaveSavedCommandMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: SavedCommandInput }) =>
      id === undefined ? createSavedCommand(input) : updateSavedCommand(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commandKeys.all }),
  });
}

export function useDeleteSavedCommandMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSavedCommand,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commandKeys.all }),
  });
}
