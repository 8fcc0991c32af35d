import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GroupDto, GroupInput } from '@waymark/contracts/group';
import { createGroup, deleteGroup, fetchGroups, updateGroup } from './groups.api';

/** Query keys of the groups feature; every key starts with `groupKeys.all`. */
export const groupKeys = {
  all: ['groups'] as const,
  list: () => [...groupKeys.all, 'list'] as const,
};

export const useGroupsQuery = () => useQuery({ queryKey: groupKeys.list(), queryFn: fetchGroups });

export function useSaveGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ group, input }: { group?: GroupDto; input: GroupInput }) =>
      group ? updateGroup(group, input) : createGroup(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}

export function useDeleteGroupMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupKeys.all }),
  });
}
