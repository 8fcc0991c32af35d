import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserInput } from '@waymark/contracts/user';
import { authKeys } from '../auth/auth.queries';
import {
  createUser,
  deleteUser,
  fetchMyRoles,
  fetchUsers,
  sendPasswordLink,
  type UserUpdate,
  updateServer,
  updateUser,
} from './settings.api';

/** Query keys of the settings feature; every key starts with `settingsKeys.all`. */
export const settingsKeys = {
  all: ['settings'] as const,
  users: () => [...settingsKeys.all, 'users'] as const,
  myRoles: () => [...settingsKeys.all, 'my-roles'] as const,
};

export const useMyRolesQuery = () => useQuery({ queryKey: settingsKeys.myRoles(), queryFn: fetchMyRoles });

export const useUsersQuery = () => useQuery({ queryKey: settingsKeys.users(), queryFn: fetchUsers });

/** PUT /api/users/:id for the signed-in user; the session cache takes the answer so the app follows at once. */
export function useUpdateSelfMutation(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UserUpdate) => updateUser(id, input),
    onSuccess: (user) => queryClient.setQueryData(authKeys.session(), user),
  });
}

export function useSaveUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: UserInput | UserUpdate }) =>
      id === undefined ? createUser(input as UserInput) : updateUser(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.users() }),
  });
}

export const useSendPasswordLinkMutation = () => useMutation({ mutationFn: sendPasswordLink });

export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsKeys.users() }),
  });
}

export function useUpdateServerMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateServer,
    onSuccess: (server) => queryClient.setQueryData(authKeys.server(), server),
  });
}
