import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createNotification,
  deleteNotification,
  fetchGroups,
  fetchNotifications,
  fetchNotificationTypes,
  fetchNotificators,
  fetchSavedCommands,
  type NotificationBody,
  sendTestNotification,
  setLink,
  updateNotification,
} from './notifications.api';

/**
 * Query keys of the notifications feature; every key starts with `notificationKeys.all`. The devices a rule can
 * be linked to are the devices feature's list (useDevicesQuery).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  linked: (kind: 'deviceId' | 'groupId', id: number) => [...notificationKeys.all, 'linked', kind, id] as const,
  types: () => [...notificationKeys.all, 'types'] as const,
  notificators: () => [...notificationKeys.all, 'notificators'] as const,
  commands: () => [...notificationKeys.all, 'commands'] as const,
  groups: () => [...notificationKeys.all, 'groups'] as const,
};

const lookup = { staleTime: 5 * 60_000 };
/** Lists the user may not be allowed to read (commands, groups): an error just leaves the choice empty. */
const optional = { ...lookup, retry: false };

export const useNotificationsQuery = () =>
  useQuery({ queryKey: notificationKeys.list(), queryFn: () => fetchNotifications() });
export const useNotificationTypesQuery = () =>
  useQuery({ queryKey: notificationKeys.types(), queryFn: fetchNotificationTypes, ...lookup });
export const useNotificatorsQuery = () =>
  useQuery({ queryKey: notificationKeys.notificators(), queryFn: fetchNotificators, ...lookup });
export const useSavedCommandsQuery = () =>
  useQuery({ queryKey: notificationKeys.commands(), queryFn: fetchSavedCommands, ...optional });
export const useRuleGroupsQuery = () =>
  useQuery({ queryKey: notificationKeys.groups(), queryFn: fetchGroups, ...optional });

/** Which of `ids` (devices or groups) are linked to rule `ruleId`, asked one by one (no reverse list exists). */
export function useLinkedTo(kind: 'deviceId' | 'groupId', ids: readonly number[], ruleId: number | null) {
  return useQueries({
    queries: ids.map((id) => ({
      queryKey: notificationKeys.linked(kind, id),
      queryFn: () => fetchNotifications({ [kind]: id }),
      enabled: ruleId !== null,
    })),
    combine: (results) => ({
      pending: ruleId !== null && results.some((r) => r.isPending),
      ids: ruleId === null ? [] : ids.filter((_, i) => results[i]?.data?.some((n) => n.id === ruleId)),
    }),
  });
}

export interface SaveRule {
  id?: number;
  body: NotificationBody;
  /** Links to add and remove once the rule is saved. */
  link: { deviceIds: number[]; groupIds: number[] };
  unlink: { deviceIds: number[]; groupIds: number[] };
}

export function useSaveNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, link, unlink }: SaveRule) => {
      const saved = id ? await updateNotification(id, body) : await createNotification(body);
      const changes = [
        ...link.deviceIds.map((deviceId) => setLink({ deviceId, notificationId: saved.id }, true)),
        ...link.groupIds.map((groupId) => setLink({ groupId, notificationId: saved.id }, true)),
        ...unlink.deviceIds.map((deviceId) => setLink({ deviceId, notificationId: saved.id }, false)),
        ...unlink.groupIds.map((groupId) => setLink({ groupId, notificationId: saved.id }, false)),
      ];
      await Promise.all(changes);
      return saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export function useDeleteNotificationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useTestNotificationMutation = () => useMutation({ mutationFn: sendTestNotification });
